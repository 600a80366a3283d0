#!/bin/sh
# The smallest stand-in for `claude`: answers the initialize request, then reads stdin until it
# ends and exits 0. Starts in about a millisecond (no subshells), for tests that spawn a
# thousand sessions.
IFS= read -r line || exit 0
id=${line#*\"request_id\":\"}
id=${id%%\"*}
printf '{"type":"control_response","response":{"subtype":"success","request_id":"%s","response":{"claude_code_version":"2.1.332","pid":%s}}}\n' "$id" "$$"
exec cat >/dev/null
