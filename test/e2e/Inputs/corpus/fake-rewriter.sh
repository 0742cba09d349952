#!/bin/sh
# Stands in for ptxinject-rewrite to give each class of failure on demand:
# FAKE_REWRITER=error|crash|hang.
case "$FAKE_REWRITER" in
error) echo "note: context first"; echo "fake.cu:5:3: error: what went wrong" >&2; exit 1 ;;
crash) kill -SEGV $$ ;;
hang) sleep 30 ;;
esac
exit 0
