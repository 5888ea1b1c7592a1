#!/usr/bin/env bash
# Upscales a picture 2× with Atelier's API and curl: one call that waits for the run to end and
# answers the output image itself (Accept: image/*, in the input's format), as remove.bg does.
#
#   ATELIER=http://localhost:3000 ATELIER_KEY=atk_… examples/upscale.sh [in.jpg] [out.jpg]
#
# ATELIER_KEY is an API key: Profile → "API keys and webhooks" (Pro and higher plans).
set -euo pipefail

input="${1:-examples/cat.jpg}"
output="${2:-cat-2x.jpg}"
api="${ATELIER:-http://localhost:3000}/api/v1"
: "${ATELIER_KEY:?Set ATELIER_KEY to an API key (atk_…): Profile → API keys and webhooks}"
headers="$(mktemp)"
trap 'rm -f "$headers"' EXIT

# Prefer: wait=60 holds the answer until the run ends; Accept: image/* makes that answer the
# output's bytes; anything else (an error, or 202 with the run as JSON when it is still going
# after 60 s: follow it at /runs/<id>) is shown, not kept as the image. The Idempotency-Key makes
# a retry of this very request start and charge one run.
status="$(curl --silent --show-error -X POST "$api/tools/image-upscale/runs" \
  -H "Authorization: Bearer $ATELIER_KEY" \
  -H "Idempotency-Key: $(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)" \
  -H "Prefer: wait=60" -H "Accept: image/*" \
  -F "image=@$input" -F upscaleType=crisp \
  --dump-header "$headers" --output "$output" --write-out '%{http_code}')"
if [ "$status" != 200 ]; then
  echo "The run start answered $status:" >&2
  cat "$output" >&2 && rm -f "$output"
  exit 1
fi

# The answer names the run (X-Run-Id) and the output's own URL (Content-Location).
run_id="$(sed -n 's/^x-run-id: *\([^[:space:]]*\).*/\1/ip' "$headers")"
echo "run $run_id succeeded: $output ($(wc -c <"$output") bytes)"
echo "its output URL: $(sed -n 's/^content-location: *\([^[:space:]]*\).*/\1/ip' "$headers")"
