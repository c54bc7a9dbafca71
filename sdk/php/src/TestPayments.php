<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * Test payments (test keys only, sk_test_...): make a test session's payment arrive as if your
 * phone had forwarded the wallet's SMS, to run your integration end to end without money.
 */
final class TestPayments
{
    public function __construct(private readonly Client $client)
    {
    }

    /**
     * Make the $outcome happen for the open test session $sessionId. `provider:` is the wallet
     * (your first wallet when left out), `trxId:` the TrxID the SMS names (a fresh one when left
     * out; give late_sms's to a later Paid to send its SMS). With `wait:` (the default) the call
     * returns once the service has read the SMS, or after 5 s ($payment->sms says which).
     * A live key throws TestKeyRequiredException; a closed session TestSessionNotOpenException.
     * Not retried: each call makes a payment.
     */
    public function create(
        string $sessionId,
        TestOutcome|string $outcome = TestOutcome::Paid,
        Provider|string|null $provider = null,
        ?string $trxId = null,
        bool $wait = true,
    ): TestPayment {
        $body = ['session_id' => Check::required('sessionId', $sessionId), 'outcome' => TestOutcome::of($outcome)];
        if ($provider !== null) {
            $body['provider'] = Provider::of($provider);
        }
        if ($trxId !== null) {
            $body['trx_id'] = Check::required('trxId', $trxId);
        }
        if (!$wait) {
            $body['wait'] = false;
        }
        [, $doc] = $this->client->request('POST', '/api/v1/test/payments', $body, false);
        return TestPayment::fromArray($doc);
    }
}
