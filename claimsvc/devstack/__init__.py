"""The local stack of `claimsvc dev`, and the dev and test MongoDB: never used in production.

`embedded_mongo` runs a SecantusDB child (dev, tests, benches); `stack` keeps the local stack's
data and demo across restarts and serves the webhook inspector; `demo` seeds the demo account
and prints the welcome banner."""
