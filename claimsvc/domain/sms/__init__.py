"""The SMS core's pure reading (issue 34): the rule engine (`engine`), routing by sender to a
provider's rules (`routing`, rules in `claimsvc/domain/providers/`), the balance arithmetic
(`arithmetic`), taught wordings (`taught_reading`), which messages are read again
(`rereading`) and the running-balance chain (`balance_chain`). Start at `routing.parse_sms`.

Import from the modules themselves: this package imports nothing, so a provider's spec module
can import the engine while the registry is still being built."""
