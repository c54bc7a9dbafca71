"use strict";
// What every resource of the client shares: its client, reads of one record or one page, and
// the walk over every page.
const { everyPage, pageOf } = require("./paging.js");
const p = require("./params.js");

class Resource {
  constructor(client) {
    this.client = client;
  }

  /** GET `path` (retried) as one record. */
  async read(path, record) {
    return record((await this.client.request("GET", path)).body);
  }

  /** GET `base` with `pairs` as its query (page size and cursor checked) as {items, nextCursor}. */
  async readPage(where, base, pairs, given, record) {
    const path = base + p.query([...pairs, ...p.page(where, given)]);
    return pageOf((await this.client.request("GET", path)).body, record);
  }

  /** Every item `this.list(filters)` finds, page after page: `for await (const x of ...)`. */
  iterate({ pageSize = 100, ...filters } = {}) {
    return everyPage((q) => this.list(q), filters, pageSize);
  }
}

/** `base/<id>tail`, the id checked as a required string and escaped. */
function idPath(base, where, name, id, tail = "") {
  return `${base}/${encodeURIComponent(p.text(where, name, id, { required: true }))}${tail}`;
}

module.exports = { Resource, idPath };
