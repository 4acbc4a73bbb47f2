#!/usr/bin/env bash
# A throwaway single-node Slurm cluster on this machine, for testing the
# Slurm recipe (make test-slurm) and for trying it by hand.
#
#   scripts/slurm-cluster.sh start [DIR]   # prints: export SLURM_CONF=DIR/slurm.conf
#   scripts/slurm-cluster.sh stop [DIR]
#
# start installs Debian's slurm-wlm and munge when they are missing (as
# root, with apt-get), then, everything under DIR (default
# /tmp/knightsweep-slurm): a munge key, munged on its own socket (as the
# munge user), a slurm.conf for this one node (its line from slurmd -C),
# slurmctld and slurmd, and waits until sinfo shows the node idle. The
# settings need neither systemd nor cgroups: proctrack/linuxproc, task/none,
# no accounting. Nothing of the machine's own munge or Slurm is touched, and
# stop stops only the daemons start started, by their pid files.
set -euo pipefail

cmd=${1:-}
dir=${2:-${KS_SLURM_DIR:-/tmp/knightsweep-slurm}}
# Ports of our own, so that a Slurm the machine already runs is left alone.
ctld_port=${KS_SLURMCTLD_PORT:-16817}
slurmd_port=${KS_SLURMD_PORT:-16818}

die() { echo "slurm-cluster: $*" >&2; exit 1; }

stop() {
	for pidfile in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
		[ -s "$pidfile" ] || continue
		pid=$(cat "$pidfile")
		if kill "$pid" 2>/dev/null; then
			for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
			kill -9 "$pid" 2>/dev/null || true
		fi
		rm -f "$pidfile"
	done
}

install() {
	command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null &&
		command -v munged >/dev/null && return
	[ "$(id -u)" = 0 ] || die "slurm-wlm and munge are not installed, and installing them needs root"
	command -v apt-get >/dev/null || die "slurm-wlm and munge are not installed, and there is no apt-get to install them"
	echo "slurm-cluster: installing slurm-wlm and munge" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null 2>&1 ||
		{ apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null; }
}

start() {
	[ "$(id -u)" = 0 ] || die "start needs root (slurmd runs jobs as their users)"
	install
	stop # a cluster left over in DIR
	mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
	runuser -u munge -- test -x "$dir" ||
		die "the munge user cannot reach $dir: give a directory whose parents others may enter (chmod o+x)"
	# munged refuses a key or socket directory others can write to.
	chown munge:munge "$dir/munge"
	chmod 0700 "$dir/munge"
	if [ ! -s "$dir/munge/munge.key" ]; then
		dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
	fi
	chown munge:munge "$dir/munge/munge.key"
	chmod 0400 "$dir/munge/munge.key"
	runuser -u munge -- /usr/sbin/munged --force \
		--key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
		--pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
		--seed-file="$dir/munge/munged.seed"
	# The socket's directory must let slurm's daemons (root) reach it.
	chmod 0755 "$dir/munge"

	node=$(slurmd -C | head -n 1)
	host=$(hostname -s)
	cat >"$dir/slurm.conf" <<EOF
# Written by scripts/slurm-cluster.sh: a single-node test cluster.
ClusterName=knightsweep-test
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=10
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
# Finished jobs stay listed for five minutes (scontrol show job), and a
# requeued job may start again after 10 s instead of the default 120 s (the
# lifetime of its old credential, cred_expire above).
MinJobAge=300
$node
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
	export SLURM_CONF="$dir/slurm.conf"
	slurmctld -f "$SLURM_CONF"
	slurmd -f "$SLURM_CONF"
	for _ in $(seq 300); do
		if sinfo -h -o '%t' 2>/dev/null | grep -qx idle; then
			echo "export SLURM_CONF=$SLURM_CONF"
			return
		fi
		sleep 0.1
	done
	tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
	stop
	die "the node did not become idle in 30 s (logs above)"
}

case $cmd in
start) start ;;
stop) stop ;;
*) die "usage: $0 start|stop [DIR]" ;;
esac
