/* The settings page's "Check connection" button: asks the site, which asks the service. */
(function () {
  var button = document.getElementById('claimsvc-check-connection');
  var result = document.getElementById('claimsvc-check-result');
  var config = window.claimsvcWalletAdmin;
  if (!button || !result || !config) {
    return;
  }
  button.addEventListener('click', function () {
    button.disabled = true;
    result.textContent = config.checking;
    var body = new URLSearchParams({ action: 'claimsvc_wallet_check', nonce: config.nonce });
    fetch(config.url, { method: 'POST', credentials: 'same-origin', body: body })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        result.textContent = answer.data && answer.data.message ? answer.data.message : String(answer);
        result.className = answer.success ? 'claimsvc-ok' : 'claimsvc-problem';
      })
      .catch(function (error) { result.textContent = String(error); })
      .finally(function () { button.disabled = false; });
  });
})();
