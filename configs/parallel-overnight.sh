#!/bin/sh
# The overnight preset as 4 shards under GNU parallel, then one merge. On one
# machine -j4 runs them side by side; add -S host1,host2,... (with results/
# on a shared filesystem and the same paths everywhere) to spread them over
# machines. Rerunning this line after a failure or Ctrl-C finishes only what
# is missing: -resume continues each shard, and a finished shard runs nothing.
EXPERIMENT=${EXPERIMENT:-bin/experiment}
parallel -j4 --line-buffer --retries 2 \
	"$EXPERIMENT" run -config overnight -shard {}/4 -workers 1 -out results/overnight/shard-{} -resume -quiet -no-report ::: 0 1 2 3 &&
	"$EXPERIMENT" merge -out results/overnight/merged results/overnight/shard-*/
