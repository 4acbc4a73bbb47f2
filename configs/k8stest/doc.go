// Package k8stest checks the Kubernetes manifests in configs/ against the
// Kubernetes API's own types, decoding them strictly (an unknown or
// misspelt field is an error), and checks that they fit together. It is a
// module of its own so that the main module does not depend on k8s.io/api.
// Run it with make test-all, or: cd configs/k8stest && go test ./...
package k8stest
