"""The SMS core's pure reading (issue 34): the rule engine (`engine`), routing by sender to a
provider's rules (`routing`, the rules in each provider's spec, `claimsvc/domain/providers/`),
the balance arithmetic (`arithmetic`), the second reading of what no rule read, by taught
wordings and by the arithmetic (`rereading`), and the running-balance chain (`balance_chain`).
Start at `routing.parse_sms`.

Import from the modules themselves: this package imports nothing, so a provider's spec module
can import the engine while the registry is still being built."""
