/* The gateway in the Checkout block: plain JavaScript on the wp and wc globals (no build step). */
(function () {
  var registry = window.wc && window.wc.wcBlocksRegistry;
  var settings = window.wc && window.wc.wcSettings;
  var element = window.wp && window.wp.element;
  if (!registry || !settings || !element) {
    return;
  }
  var data = settings.getSetting('claimsvc_wallet_payments_data', {});
  var decode = window.wp.htmlEntities ? window.wp.htmlEntities.decodeEntities : function (s) { return s; };
  var h = element.createElement;
  var title = decode(data.title || '');

  function Content() {
    return h(
      'div',
      { className: 'claimsvc-wallet-payments' },
      data.testMode ? h('p', { className: 'claimsvc-test-mode' }, h('strong', null, decode(data.testMode))) : null,
      h('p', null, decode(data.description || ''))
    );
  }

  function Label(props) {
    var Text = props.components && props.components.PaymentMethodLabel;
    return Text ? h(Text, { text: title }) : h('span', null, title);
  }

  registry.registerPaymentMethod({
    name: 'claimsvc_wallet_payments',
    label: h(Label, null),
    content: h(Content, null),
    edit: h(Content, null),
    canMakePayment: function () { return true; },
    ariaLabel: title,
    supports: { features: data.supports || ['products'] }
  });
})();
