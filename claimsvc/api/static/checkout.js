/* The hosted checkout page: copy buttons, countdown, TrxID claim (after waiting for its SMS to
   arrive), cancel, and polling while a claim waits for the merchant's confirmation. Plain
   script, no framework, no build step. */
(function () {
  "use strict";

  var root = document.getElementById("checkout");
  if (!root || !root.dataset.session) { return; }

  var sessionId = root.dataset.session;
  var lang = root.dataset.lang;
  var words = JSON.parse(root.dataset.words || "{}");
  var TRX = /^[A-Z0-9]{6,20}$/;
  var FINAL = ["TOO_MANY_ATTEMPTS", "SESSION_EXPIRED", "SESSION_UNAVAILABLE",
               "ALREADY_COMPLETED", "NOT_FOUND"];
  var POLL_MS = 3000;
  var SLOW_POLL_MS = 15000;
  var SLOW_AFTER = 100;
  var WAIT = words.wait || { seconds: 0, every: 5 };
  var waitFor = 0;  // the number of the latest claim the buyer sent

  function $(id) { return document.getElementById(id); }
  function text(key) { return (words.text || {})[key] || ""; }
  function localDigits(s) {
    if (lang !== "bn") { return s; }
    return String(s).replace(/[0-9]/g, function (d) { return "০১২৩৪৫৬৭৮৯".charAt(+d); });
  }

  function outcomeMessage(body) {
    var code = body && body.error;
    var local = (words.outcomes || {})[code];
    if (local) { return local; }
    return (body && body.message) || text("checkout.network");
  }

  function say(message, tone) {
    var box = $("message");
    if (!box) { return; }
    box.textContent = message;
    box.className = "message" + (tone ? " message-" + tone : "");
  }

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "omit",
      cache: "no-store"
    }).then(function (resp) {
      return resp.json().then(function (data) { return { status: resp.status, body: data }; });
    });
  }

  function leaveTo(url) {
    // Only ever the merchant's own https address, as the service returned it, or a page of
    // this service itself (a payment link's result page; http on a local `claimsvc dev`).
    var own = typeof url === "string" && url.indexOf(window.location.origin + "/") === 0;
    if (typeof url === "string" && (own || /^https:\/\//i.test(url))) {
      window.location.assign(url);
      return true;
    }
    return false;
  }

  function endForm() {
    ["claim-form", "cancel"].forEach(function (id) { if ($(id)) { $(id).hidden = true; } });
    var clock = $("countdown");
    if (clock) { clock.removeAttribute("data-seconds"); }
  }

  /* ---- copy buttons ---- */
  function copyNumber(button) {
    var number = button.getAttribute("data-copy");
    var status = $("copy-status");
    function done(ok) {
      if (status) { status.textContent = text(ok ? "checkout.copied" : "checkout.copy_failed"); }
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(number).then(function () { done(true); }, function () {
        done(legacyCopy(number));
      });
    } else {
      done(legacyCopy(number));
    }
  }

  function legacyCopy(value) {
    var area = document.createElement("textarea");
    area.value = value;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }

  /* ---- countdown ---- */
  function formatLeft(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    var mm = h ? (m < 10 ? "0" : "") + m : String(m);
    return localDigits((h ? h + ":" : "") + mm + ":" + (s < 10 ? "0" : "") + s);
  }

  function startCountdown() {
    var clock = $("countdown");
    if (!clock) { return; }
    var total = parseInt(clock.getAttribute("data-seconds"), 10);
    var started = Date.now();
    function tick() {
      if (!clock.hasAttribute("data-seconds")) { return; }
      var left = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      clock.textContent = formatLeft(left);
      if (left === 0) {
        endForm();
        say(text("checkout.expired_text"), "error");
        return;
      }
      window.setTimeout(tick, 1000);
    }
    tick();
  }

  /* ---- the claim ---- */
  function normalise(input) {
    // Upper-case as typed and drop spaces (a TrxID has none), keeping the caret in place.
    var before = input.value;
    var cleaned = before.replace(/\s+/g, "").toUpperCase();
    if (cleaned === before) { return; }
    var caret = before.slice(0, input.selectionStart || 0).replace(/\s+/g, "").length;
    input.value = cleaned;
    input.setSelectionRange(caret, caret);
  }

  function readClaim(form) {
    var input = $("trx-id");
    var trxId = input.value.trim().toUpperCase();
    var chosen = form.querySelector("input[name=provider]:checked");
    input.setAttribute("aria-invalid", TRX.test(trxId) ? "false" : "true");
    if (!TRX.test(trxId)) {
      say(text("checkout.invalid_trx"), "error");
      input.focus();
      return null;
    }
    if (!chosen) {
      say(text("checkout.choose_provider"), "error");
      form.querySelector("input[name=provider]").focus();
      return null;
    }
    return { sessionId: sessionId, trxId: trxId, provider: chosen.value };
  }

  function handleClaim(reply) {
    var body = reply.body || {};
    if (body.success === true) {
      say(text("checkout.success"), "success");
      if (!leaveTo(body.redirect_url)) { window.location.reload(); }
      return;
    }
    if (body.error === "PENDING_VERIFICATION") {
      showPending(outcomeMessage(body));
      poll(0);
      return;
    }
    say(outcomeMessage(body), "error");
    if (FINAL.indexOf(body.error) >= 0) { endForm(); }
    if (body.error === "VERIFICATION_FAILED") { checkAmountNote(); }
  }

  function showPending(message) {
    // What the server renders for a pending session: the money was found, so nothing asks
    // for it any more (no amount to pay, no steps to send it, no countdown to pay before).
    endForm();
    root.setAttribute("data-state", "pending");
    ["wallets", "deadline"].forEach(function (id) { if ($(id)) { $(id).hidden = true; } });
    if ($("amount-label")) { $("amount-label").textContent = text("checkout.amount_paid_label"); }
    if ($("claim-title")) { $("claim-title").textContent = text("checkout.pending_title"); }
    say(message + " " + text("checkout.pending_more"), "pending");
  }

  function suggestWallet(provider) {
    // The TrxID is a payment of another wallet than the one chosen: name it, nothing counted.
    var named = (words.other_wallet || {})[provider];
    if (!named) { return false; }
    say(named, "error");
    var choice = document.querySelector("input[name=provider][value='" + provider + "']");
    if (choice) { choice.focus(); }
    return true;
  }

  /* ---- a payment of another amount: the merchant has been told ---- */
  // The claim's answer is interface.md's VERIFICATION_FAILED whatever went wrong; this
  // page-only read says whether the claim named a payment of another amount than the order's.
  function checkAmountNote() {
    fetch("/checkout/" + encodeURIComponent(sessionId) + "/amount-note", {
      credentials: "omit", cache: "no-store"
    }).then(function (resp) { return resp.json(); }).then(function (body) {
      var note = body && body.amount_differs;
      var key = { told: "checkout.amount_told", refund: "checkout.amount_refund" }[note];
      if (!key) { if (body && body.other_wallet) { suggestWallet(body.other_wallet); } return; }
      say(text(key), "pending");
      if (note === "told") { watchAcceptance(0); }
    }, function () { /* keep the claim's own message */ });
  }

  function watchAcceptance(count) {
    // The merchant may accept the amount for the order: the session then completes.
    window.setTimeout(function () {
      fetch("/api/v1/checkout/session/" + encodeURIComponent(sessionId), {
        credentials: "omit", cache: "no-store"
      }).then(function (resp) { return resp.json(); }).then(function (session) {
        var status = session && session.status;
        if (!status || (status === "OPEN" && !session.pending)) {
          if (count < SLOW_AFTER) { watchAcceptance(count + 1); }
          return;
        }
        settled(session);
      }, function () { if (count < SLOW_AFTER) { watchAcceptance(count + 1); } });
    }, SLOW_POLL_MS);
  }

  function submitClaim(event) {
    event.preventDefault();
    var claim = readClaim(event.target);
    if (!claim) { return; }
    waitFor += 1;
    var wait = { claim: claim, id: waitFor, until: Date.now() + WAIT.seconds * 1000, on: false };
    $("submit").disabled = true;
    say(text("checkout.checking"), "");
    checkArrival(wait);
  }

  /* ---- the buyer's wait: is the TrxID's SMS there yet? ---- */
  // Asked before the submit, so waiting for a late SMS costs no failed attempt: the page submits
  // once the SMS is there; when the wait is over without it, it says so and submits nothing.
  function checkArrival(wait) {
    var path = "/checkout/" + encodeURIComponent(sessionId) + "/arrival";
    var asked = { trxId: wait.claim.trxId, provider: wait.claim.provider };
    post(path, asked).then(function (reply) {
      if (wait.id !== waitFor) { return; }  // the buyer has sent another TrxID since
      var next = reply.body && reply.body.next;
      if (next === "wait") { keepWaiting(wait); return; }
      if (next === "switch" && suggestWallet(reply.body.provider)) { stopWaiting(); return; }
      // A wallet the page does not offer cannot be chosen: the submit's own outcome then.
      if (next === "submit" || next === "switch" || !wait.on) { sendClaim(wait); return; }
      if (reply.status >= 400 && reply.status < 500 && reply.status !== 429) {
        handleClaim(reply);
        return;
      }
      keepWaiting(wait);  // rate limited while waiting: ask again later
    }, function () {
      if (wait.id !== waitFor) { return; }
      if (wait.on) { keepWaiting(wait); } else { sendClaim(wait); }
    });
  }

  function keepWaiting(wait) {
    var form = $("claim-form");
    if (!form || form.hidden) { return; }  // the session ran out meanwhile
    if (Date.now() >= wait.until) {
      stopWaiting();
      say(text("checkout.not_arrived"), "error");
      return;
    }
    if (!wait.on) {
      wait.on = true;
      root.setAttribute("data-state", "waiting");
      say(text("checkout.waiting"), "pending");
      $("submit").disabled = false;  // a corrected TrxID starts a new wait
    }
    window.setTimeout(function () {
      if (wait.id === waitFor) { checkArrival(wait); }
    }, WAIT.every * 1000);
  }

  function stopWaiting() {
    root.setAttribute("data-state", "open");
    $("submit").disabled = false;
  }

  function sendClaim(wait) {
    var button = $("submit");
    button.disabled = true;
    post("/api/v1/checkout/submit", wait.claim).then(function (reply) {
      if (wait.id !== waitFor) { return; }
      root.setAttribute("data-state", "open");
      handleClaim(reply);
    }, function () {
      say(text("checkout.network"), "error");
    }).then(function () { button.disabled = false; });
  }

  /* ---- waiting for the merchant's confirmation ---- */
  function poll(count) {
    var delay = count < SLOW_AFTER ? POLL_MS : SLOW_POLL_MS;
    window.setTimeout(function () {
      fetch("/api/v1/checkout/session/" + encodeURIComponent(sessionId), {
        credentials: "omit", cache: "no-store"
      }).then(function (resp) { return resp.json(); }).then(function (session) {
        if (!settled(session)) { poll(count + 1); }
      }, function () { poll(count + 1); });
    }, delay);
  }

  function settled(session) {
    var status = session && session.status;
    // No status is an error answer (rate limited, network): keep waiting.
    if (!status || (status === "OPEN" && session.pending)) { return false; }
    if (status === "COMPLETED") { say(text("checkout.success"), "success"); }
    // Final (or no longer pending): go where the session says, else show its state.
    if (!leaveTo(session && session.redirect_url)) { window.location.reload(); }
    return true;
  }

  /* ---- cancel ---- */
  function cancelSession() {
    say(text("checkout.cancelling"), "");
    post("/api/v1/checkout/cancel", { sessionId: sessionId }).then(function (reply) {
      var body = reply.body || {};
      if (body.success === true) {
        if (!leaveTo(body.redirect_url)) { window.location.reload(); }
        return;
      }
      say(outcomeMessage(body), "error");
      if (FINAL.indexOf(body.error) >= 0) { endForm(); }
    }, function () { say(text("checkout.network"), "error"); });
  }

  function askCancel() {
    var dialog = $("cancel-dialog");
    if (dialog && typeof dialog.showModal === "function") {
      dialog.showModal();
    } else if (window.confirm($("cancel-question").textContent)) {
      cancelSession();
    }
  }

  function wireCancel() {
    var dialog = $("cancel-dialog");
    $("cancel").hidden = false;
    $("cancel").addEventListener("click", askCancel);
    $("cancel-no").addEventListener("click", function () { dialog.close(); });
    $("cancel-yes").addEventListener("click", function () { dialog.close(); cancelSession(); });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("button.copy"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copyNumber(button); });
    });
    var form = $("claim-form");
    if (form) {
      $("no-script").hidden = true;
      form.hidden = false;
      form.addEventListener("submit", submitClaim);
      $("trx-id").addEventListener("input", function (e) { normalise(e.target); });
      wireCancel();
      startCountdown();
    }
    if (root.dataset.state === "pending") { poll(0); }
    if (root.dataset.amountNote === "told") { watchAcceptance(0); }
  }

  start();
}());
