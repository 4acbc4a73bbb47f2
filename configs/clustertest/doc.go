// Package clustertest runs the cluster recipes in configs/ for real: on a
// throwaway single-node Slurm started by scripts/slurm-cluster.sh (make
// test-slurm, build tag slurm), under GNU parallel with a stand-in ssh,
// and the Kubernetes manifests decoded against the API's types (a module of
// its own, configs/k8stest). It holds tests only.
package clustertest
