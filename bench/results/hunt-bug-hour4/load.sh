#!/bin/sh
# the 1-minute, 5-minute, 15-minute load averages every minute
while :; do echo "$(date -u +%H:%M) $(cut -d' ' -f1-3 /proc/loadavg)" >> /work/peers-build/results-hunt36-hour4/load.txt; sleep 60; done
