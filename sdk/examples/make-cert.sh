#!/bin/sh
# A self-signed certificate for https://localhost, so that `claimsvc dev` can deliver webhooks
# to an example shop on this machine. Start the service trusting it:
#   CLAIMSVC_WEBHOOK_CA_FILE=$PWD/sdk/examples/cert.pem make dev
set -eu
cd "$(dirname "$0")"
openssl req -x509 -newkey rsa:2048 -nodes -days 30 -keyout key.pem -out cert.pem \
  -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null
echo "wrote $(pwd)/cert.pem and key.pem"
