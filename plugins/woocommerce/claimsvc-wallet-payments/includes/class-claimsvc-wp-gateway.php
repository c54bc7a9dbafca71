<?php
/**
 * The payment gateway: its settings (WooCommerce, Settings, Payments), opening a session when
 * an order is placed, and the thank-you page's words.
 *
 * @package ClaimsvcWalletPayments
 */

defined('ABSPATH') || exit;

use Claimsvc\Exception\ApiConnectionException;
use Claimsvc\Exception\ApiException;

class Claimsvc_WP_Gateway extends WC_Payment_Gateway
{
    public const ID = 'claimsvc_wallet_payments';
    public const CURRENCY = 'BDT';
    /** Order meta: the current attempt, its service order id, every attempt's ids, the session per attempt, the paid marker. */
    public const META_ATTEMPT = '_claimsvc_attempt';
    public const META_REF = '_claimsvc_ref';
    public const META_REFS = '_claimsvc_refs';
    public const META_SESSIONS = '_claimsvc_sessions';
    public const META_PAID = '_claimsvc_paid';
    /** How many fresh service order ids one placing of an order may try (closed sessions skipped). */
    private const MAX_NEW_ATTEMPTS = 5;

    public function __construct()
    {
        $this->id = self::ID;
        $this->has_fields = false;
        $this->method_title = __('Wallet payments (claimsvc)', 'claimsvc-wallet-payments');
        $this->method_description = __('bKash, Nagad, Rocket, upay and CellFin payments in BDT: the buyer pays on claimsvc\'s hosted page and the order is marked paid when claimsvc\'s signed webhook confirms it.', 'claimsvc-wallet-payments');
        $this->supports = ['products'];
        $this->init_form_fields();
        $this->init_settings();
        $this->title = (string) $this->get_option('title');
        $this->description = (string) $this->get_option('description');
        add_action('woocommerce_update_options_payment_gateways_' . $this->id, [$this, 'process_admin_options']);
        add_action('woocommerce_thankyou_' . $this->id, [$this, 'thankyou_page']);
    }

    public function init_form_fields(): void
    {
        $names = self::wallet_names();
        $this->form_fields = [
            'enabled' => [
                'title' => __('Enable/Disable', 'claimsvc-wallet-payments'),
                'type' => 'checkbox',
                'label' => __('Offer wallet payments at checkout', 'claimsvc-wallet-payments'),
                'default' => 'no',
            ],
            'title' => [
                'title' => __('Title', 'claimsvc-wallet-payments'),
                'type' => 'text',
                'description' => __('The name buyers see at checkout.', 'claimsvc-wallet-payments'),
                'default' => __('bKash, Nagad and other wallets', 'claimsvc-wallet-payments'),
            ],
            'description' => [
                'title' => __('Description', 'claimsvc-wallet-payments'),
                'type' => 'textarea',
                'description' => __('What buyers read under the title.', 'claimsvc-wallet-payments'),
                'default' => __('Pay from your mobile wallet on the next page, then enter the TrxID from your wallet\'s message.', 'claimsvc-wallet-payments'),
            ],
            'wallets' => [
                'title' => __('Wallets to show', 'claimsvc-wallet-payments'),
                'type' => 'multiselect',
                'class' => 'wc-enhanced-select',
                'description' => __('The wallets your claimsvc account takes, named at checkout.', 'claimsvc-wallet-payments'),
                'options' => $names,
                'default' => ['bkash', 'nagad'],
            ],
            'service_url' => [
                'title' => __('Service URL', 'claimsvc-wallet-payments'),
                'type' => 'text',
                'description' => __('The address of your claimsvc service, for example https://pay.example.com.', 'claimsvc-wallet-payments'),
                'default' => '',
            ],
            'api_key' => [
                'title' => __('API key', 'claimsvc-wallet-payments'),
                'type' => 'secret',
                'description' => __('From the portal\'s Keys page: sk_test_... for test mode, sk_... for live payments.', 'claimsvc-wallet-payments'),
                'default' => '',
            ],
            'callback_secret' => [
                'title' => __('Callback secret', 'claimsvc-wallet-payments'),
                'type' => 'secret',
                'description' => __('From the portal, beside the key: the test callback secret with a test key, the live one with a live key.', 'claimsvc-wallet-payments'),
                'default' => '',
            ],
            'check' => [
                'title' => __('Connection', 'claimsvc-wallet-payments'),
                'type' => 'check_connection',
            ],
        ];
    }

    /** @return array<string, string> */
    public static function wallet_names(): array
    {
        return [
            'bkash' => __('bKash', 'claimsvc-wallet-payments'),
            'nagad' => __('Nagad', 'claimsvc-wallet-payments'),
            'rocket' => __('Rocket', 'claimsvc-wallet-payments'),
            'upay' => __('upay', 'claimsvc-wallet-payments'),
            'cellfin' => __('CellFin', 'claimsvc-wallet-payments'),
        ];
    }

    /** A secret's field: always empty in the page; its description says whether one is saved. */
    public function generate_secret_html(string $key, array $data): string
    {
        $field = $this->get_field_key($key);
        $saved = (string) $this->get_option($key) !== '';
        $state = $saved
            ? __('Saved. Leave empty to keep it.', 'claimsvc-wallet-payments')
            : __('Not set yet.', 'claimsvc-wallet-payments');
        ob_start();
        ?>
        <tr valign="top">
            <th scope="row" class="titledesc"><label for="<?php echo esc_attr($field); ?>"><?php echo esc_html($data['title']); ?></label></th>
            <td class="forminp">
                <input class="input-text regular-input" type="password" name="<?php echo esc_attr($field); ?>" id="<?php echo esc_attr($field); ?>" value="" autocomplete="new-password" aria-describedby="<?php echo esc_attr($field); ?>-state" />
                <p class="description" id="<?php echo esc_attr($field); ?>-state"><strong><?php echo esc_html($state); ?></strong> <?php echo esc_html($data['description']); ?></p>
            </td>
        </tr>
        <?php
        return (string) ob_get_clean();
    }

    /** An empty secret keeps the saved one; a key must look like sk_... */
    public function validate_secret_field(string $key, ?string $value): string
    {
        $value = trim(wp_unslash((string) $value));
        if ($value === '') {
            return (string) $this->get_option($key);
        }
        if ($key === 'api_key' && Claimsvc_WP_Rules::key_mode($value) === null) {
            WC_Admin_Settings::add_error(__('The API key must start with sk_test_ (test mode) or sk_ (live). The saved key was kept.', 'claimsvc-wallet-payments'));
            return (string) $this->get_option($key);
        }
        return $value;
    }

    public function validate_service_url_field(string $key, ?string $value): string
    {
        $value = trim(wp_unslash((string) $value));
        $url = Claimsvc_WP_Rules::service_url($value);
        if ($value !== '' && $url === null) {
            WC_Admin_Settings::add_error(__('The service URL must be a web address such as https://pay.example.com.', 'claimsvc-wallet-payments'));
            return (string) $this->get_option($key);
        }
        return (string) $url;
    }

    public function generate_check_connection_html(string $key, array $data): string
    {
        ob_start();
        ?>
        <tr valign="top">
            <th scope="row" class="titledesc"><?php echo esc_html($data['title']); ?></th>
            <td class="forminp">
                <button type="button" class="button" id="claimsvc-check-connection"><?php esc_html_e('Check connection', 'claimsvc-wallet-payments'); ?></button>
                <p class="description"><?php esc_html_e('Checks the saved service URL and API key: save your changes first.', 'claimsvc-wallet-payments'); ?></p>
                <p id="claimsvc-check-result" role="status" aria-live="polite"></p>
            </td>
        </tr>
        <?php
        return (string) ob_get_clean();
    }

    public function admin_options(): void
    {
        wp_enqueue_script('claimsvc-wp-admin', plugins_url('assets/js/admin.js', CLAIMSVC_WP_FILE), [], CLAIMSVC_WP_VERSION, true);
        wp_localize_script('claimsvc-wp-admin', 'claimsvcWalletAdmin', [
            'url' => admin_url('admin-ajax.php'),
            'nonce' => wp_create_nonce(Claimsvc_WP_Admin::CHECK_ACTION),
            'checking' => __('Checking...', 'claimsvc-wallet-payments'),
        ]);
        parent::admin_options();
    }

    public function key_mode(): ?string
    {
        return Claimsvc_WP_Rules::key_mode((string) $this->get_option('api_key'));
    }

    public function is_configured(): bool
    {
        return $this->key_mode() !== null && (string) $this->get_option('service_url') !== ''
            && (string) $this->get_option('callback_secret') !== '';
    }

    /** Offered only when configured and the store sells in BDT (never converted). */
    public function is_available(): bool
    {
        return parent::is_available() && $this->is_configured() && get_woocommerce_currency() === self::CURRENCY;
    }

    public function service(): Claimsvc_WP_Service
    {
        return new Claimsvc_WP_Service((string) $this->get_option('service_url'), (string) $this->get_option('api_key'));
    }

    /** What buyers read under the title: the description, the wallets, and in test mode a warning. */
    public function checkout_text(): string
    {
        $names = self::wallet_names();
        $wallets = array_map(static fn (string $w): string => $names[$w], Claimsvc_WP_Rules::wallets((array) $this->get_option('wallets', [])));
        $text = $this->description;
        if ($wallets !== []) {
            /* translators: %s: wallet names, comma separated */
            $text .= ' ' . sprintf(__('Wallets: %s.', 'claimsvc-wallet-payments'), implode(', ', $wallets));
        }
        return $text;
    }

    public static function test_mode_text(): string
    {
        return __('Test mode: no real money moves. Payments here are test payments.', 'claimsvc-wallet-payments');
    }

    public function payment_fields(): void
    {
        if ($this->key_mode() === Claimsvc_WP_Rules::TEST) {
            echo '<p class="claimsvc-test-mode"><strong>' . esc_html(self::test_mode_text()) . '</strong></p>';
        }
        echo wpautop(wp_kses_post($this->checkout_text()));
    }

    /** @return array{result: string, redirect?: string} */
    public function process_payment($order_id): array
    {
        $order = wc_get_order($order_id);
        if (!$order) {
            return ['result' => 'failure'];
        }
        if ($order->get_currency() !== self::CURRENCY) {
            /* translators: %s: the order's currency code */
            wc_add_notice(sprintf(__('Wallet payments take Bangladeshi taka (BDT) only; this order is in %s. Choose another payment method.', 'claimsvc-wallet-payments'), $order->get_currency()), 'error');
            return ['result' => 'failure'];
        }
        $amount = Claimsvc_WP_Rules::amount((string) $order->get_total());
        if ($amount === null) {
            wc_add_notice(__('This order\'s total cannot be paid by wallet.', 'claimsvc-wallet-payments'), 'error');
            return ['result' => 'failure'];
        }
        try {
            $session = $this->open_session($order, $amount);
        } catch (ApiException | ApiConnectionException | \InvalidArgumentException $e) {
            wc_get_logger()->error('Opening a payment session failed: ' . get_class($e) . ' ' . $e->getMessage(), ['source' => self::ID]);
            wc_add_notice(__('The wallet payment page could not be opened just now. Please try again in a minute, or choose another payment method.', 'claimsvc-wallet-payments'), 'error');
            return ['result' => 'failure'];
        }
        return ['result' => 'success', 'redirect' => $session->checkoutUrl];
    }

    /** The order's open session, or the next attempt's new one (see Claimsvc_WP_Rules::service_order_id). */
    private function open_session(WC_Order $order, string $amount): \Claimsvc\Session
    {
        $service = $this->service();
        $attempt = max(1, (int) $order->get_meta(self::META_ATTEMPT));
        for ($tries = 0; ; $tries++) {
            $ref = Claimsvc_WP_Rules::service_order_id((string) $order->get_order_number(), $attempt);
            $session = $service->open(
                $ref,
                $amount,
                $this->get_return_url($order),
                $order->get_checkout_payment_url(),
                WC()->api_request_url(self::ID),
                ['wc_order_id' => (string) $order->get_id(), 'shop' => home_url('/')],
            );
            if (!Claimsvc_WP_Rules::needs_new_session($session->status, $session->amount, $amount) || $tries >= self::MAX_NEW_ATTEMPTS) {
                break;
            }
            $attempt++;
        }
        $sessions = self::sessions($order);
        if (!isset($sessions[$ref])) {
            $sessions[$ref] = [
                'session_id' => $session->sessionId,
                'payment_id' => $session->paymentId,
                'amount' => $session->amount,
                'mode' => (string) $this->key_mode(),
            ];
            $order->add_meta_data(self::META_REFS, $ref);
            /* translators: 1: the service order id, 2: the amount */
            $order->add_order_note(sprintf(__('Wallet payment session %1$s opened for %2$s BDT.', 'claimsvc-wallet-payments'), $ref, $amount));
        }
        $order->update_meta_data(self::META_SESSIONS, $sessions);
        $order->update_meta_data(self::META_ATTEMPT, $attempt);
        $order->update_meta_data(self::META_REF, $ref);
        $order->save();
        return $session;
    }

    /**
     * Every session the order opened, by service order id: session_id, payment_id, amount, mode.
     *
     * @return array<string, array{session_id: string, payment_id: string, amount: string, mode: string}>
     */
    public static function sessions(WC_Order $order): array
    {
        $sessions = $order->get_meta(self::META_SESSIONS);
        return is_array($sessions) ? $sessions : [];
    }

    /** The thank-you page: the buyer's return completes nothing; it asks the service. */
    public function thankyou_page(int $order_id): void
    {
        $order = wc_get_order($order_id);
        if (!$order) {
            return;
        }
        $state = $order->is_paid() ? 'COMPLETED' : $this->session_state($order);
        if ($state === 'COMPLETED') {
            $text = __('Payment received. Thank you!', 'claimsvc-wallet-payments');
        } elseif (in_array($state, ['CANCELLED', 'EXPIRED', 'FAILED'], true)) {
            $text = __('The wallet payment was not completed. You can pay for this order again.', 'claimsvc-wallet-payments');
        } else {
            $text = __('We are confirming your payment. This page will show it once your wallet payment is confirmed; you will also get an email.', 'claimsvc-wallet-payments');
        }
        echo '<p class="claimsvc-payment-state" data-state="' . esc_attr(strtolower($state)) . '"><strong>' . esc_html($text) . '</strong></p>';
        if (in_array($state, ['CANCELLED', 'EXPIRED', 'FAILED'], true) && $order->needs_payment()) {
            echo '<p><a class="button" href="' . esc_url($order->get_checkout_payment_url()) . '">' . esc_html__('Pay again', 'claimsvc-wallet-payments') . '</a></p>';
        }
    }

    /** The current session's state as the service reads it; 'OPEN' when it cannot be read now. */
    private function session_state(WC_Order $order): string
    {
        $sessions = self::sessions($order);
        $current = $sessions[(string) $order->get_meta(self::META_REF)] ?? null;
        if ($current === null) {
            return 'OPEN';
        }
        try {
            return $this->service()->read((string) $current['session_id'])['status'];
        } catch (ApiException | ApiConnectionException | \UnexpectedValueException $e) {
            wc_get_logger()->warning('Reading the session for the thank-you page failed: ' . get_class($e), ['source' => self::ID]);
            return 'OPEN';
        }
    }

    /** Orders of virtual goods only are completed when paid; others go to processing. */
    public static function paid_status(string $status, int $order_id, $order = null): string
    {
        $order = $order instanceof WC_Order ? $order : wc_get_order($order_id);
        if (!$order || $order->get_payment_method() !== self::ID || count($order->get_items()) === 0) {
            return $status;
        }
        foreach ($order->get_items() as $item) {
            $product = $item instanceof WC_Order_Item_Product ? $item->get_product() : null;
            if (!$product || !$product->is_virtual()) {
                return $status;
            }
        }
        return 'completed';
    }
}
