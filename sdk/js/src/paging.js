"use strict";
// Lists answer one page ({items, nextCursor}); these walk every page for `for await`.

/** Every item of a list, page after page: `list` is a resource's one-page call. */
async function* everyPage(list, params, pageSize) {
  let cursor;
  do {
    const page = await list({ ...params, limit: pageSize, cursor });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** `{items, nextCursor}` of a list answer, each item through `record`. */
function pageOf(doc, record) {
  return { items: doc.items.map(record), nextCursor: doc.next_cursor ?? null };
}

module.exports = { everyPage, pageOf };
