"""The local webhook inspector of `claimsvc dev`: an HTTPS receiver on loopback whose
certificate the dev stack's webhook sender trusts, which checks each request's signature with
its account's callback secret and lists what it received on a small page at its address."""
