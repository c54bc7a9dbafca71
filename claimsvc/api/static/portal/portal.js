/* The portal's only script, and nothing needs it: the pages work without JavaScript.
   - Copy and share buttons beside a value (a payment link, an address, a new key): a
     .copy-row names its value's element; the buttons are rendered hidden and shown here only
     when the browser can do what they say. Share uses the Web Share API where there is one
     (phones); Copy is the fallback everywhere else, and also sits beside it.
   - The menu is one scrolling row on a phone: the current page's entry is scrolled into view. */
(function () {
  "use strict";

  function valueOf(el) {
    return (el.tagName === "INPUT" || el.tagName === "TEXTAREA") ? el.value : el.textContent.trim();
  }

  function selectValue(el) {
    if (el.select) { el.select(); return; }
    var range = document.createRange();
    range.selectNodeContents(el);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function setUp(row) {
    var target = document.getElementById(row.getAttribute("data-copy-for"));
    var said = row.querySelector(".copy-said");
    var copy = row.querySelector("button.copy");
    var share = row.querySelector("button.share");
    if (!target || !said || !copy) { return; }

    function tell(key) { said.textContent = said.getAttribute(key); }

    function copyIt() {
      var value = valueOf(target);
      if (!navigator.clipboard || !navigator.clipboard.writeText) {
        selectValue(target);
        tell("data-failed");
        return;
      }
      navigator.clipboard.writeText(value).then(
        function () { tell("data-copied"); },
        function () { selectValue(target); tell("data-failed"); }
      );
    }

    copy.hidden = false;
    copy.addEventListener("click", copyIt);
    if (share && typeof navigator.share === "function") {
      share.hidden = false;
      share.addEventListener("click", function () {
        var value = valueOf(target);
        var data = /^https?:\/\//.test(value) ? { url: value } : { text: value };
        navigator.share(data).catch(function (err) {
          if (!err || err.name !== "AbortError") { copyIt(); }
        });
      });
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll(".copy-row"), setUp);

  var current = document.querySelector(".menu [aria-current='page']");
  if (current && current.scrollIntoView) {
    current.scrollIntoView({ block: "nearest", inline: "center" });
  }
})();
