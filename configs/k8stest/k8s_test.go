package k8stest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// manifests decodes every configs/k8s-*.yaml strictly into its kind's API
// type.
func manifests(t *testing.T) (jobs map[string]*batchv1.Job, pvcs map[string]*corev1.PersistentVolumeClaim, pods map[string]*corev1.Pod) {
	t.Helper()
	files, err := filepath.Glob("../k8s-*.yaml")
	if err != nil || len(files) < 4 {
		t.Fatalf("manifests: %v %v", files, err)
	}
	jobs, pvcs, pods = map[string]*batchv1.Job{}, map[string]*corev1.PersistentVolumeClaim{}, map[string]*corev1.Pod{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range bytes.Split(data, []byte("\n---\n")) {
			var head struct {
				APIVersion string `json:"apiVersion"`
				Kind       string `json:"kind"`
			}
			if err := yaml.Unmarshal(doc, &head); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			var obj any
			switch head.APIVersion + " " + head.Kind {
			case "batch/v1 Job":
				obj = &batchv1.Job{}
			case "v1 PersistentVolumeClaim":
				obj = &corev1.PersistentVolumeClaim{}
			case "v1 Pod":
				obj = &corev1.Pod{}
			default:
				t.Fatalf("%s: unexpected %s %s", f, head.APIVersion, head.Kind)
			}
			if err := yaml.UnmarshalStrict(doc, obj); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			switch o := obj.(type) {
			case *batchv1.Job:
				jobs[o.Name] = o
			case *corev1.PersistentVolumeClaim:
				pvcs[o.Name] = o
			case *corev1.Pod:
				pods[o.Name] = o
			}
		}
	}
	return jobs, pvcs, pods
}

// The manifests fit together: every volume is the PVC the repository
// defines, which many nodes can mount; the knightsweep containers run the
// experiment binary in exec form (the image has no shell) with limits; the
// shard Job runs shard $(SHARD) of as many shards as it has completions,
// into the directory the merge Job reads.
func TestManifests(t *testing.T) {
	jobs, pvcs, pods := manifests(t)
	pvc := pvcs["knightsweep-results"]
	if pvc == nil || !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Fatalf("no ReadWriteMany PVC knightsweep-results: %v", pvcs)
	}
	specs := map[string]corev1.PodSpec{}
	for name, j := range jobs {
		specs["job/"+name] = j.Spec.Template.Spec
	}
	for name, p := range pods {
		specs["pod/"+name] = p.Spec
	}
	for name, spec := range specs {
		if spec.RestartPolicy != corev1.RestartPolicyNever {
			t.Errorf("%s: restartPolicy %q, want Never (retries are the Job's)", name, spec.RestartPolicy)
		}
		for _, v := range spec.Volumes {
			if v.PersistentVolumeClaim == nil || pvcs[v.PersistentVolumeClaim.ClaimName] == nil {
				t.Errorf("%s: volume %s is not the results PVC", name, v.Name)
			}
		}
		for _, c := range spec.Containers {
			if c.Resources.Limits.Memory().IsZero() || c.Resources.Limits.Cpu().IsZero() {
				t.Errorf("%s/%s: no CPU and memory limits", name, c.Name)
			}
			if !strings.HasPrefix(c.Image, "knightsweep") {
				continue
			}
			if len(c.Command) == 0 || c.Command[0] != "experiment" || len(c.Args) > 0 {
				t.Errorf("%s/%s: command %q: want experiment in exec form, without a shell", name, c.Name, c.Command)
			}
		}
	}

	shards := jobs["knightsweep-overnight"]
	merge := jobs["knightsweep-overnight-merge"]
	if shards == nil || merge == nil {
		t.Fatalf("jobs %v", jobs)
	}
	if shards.Spec.CompletionMode == nil || *shards.Spec.CompletionMode != batchv1.IndexedCompletion ||
		shards.Spec.BackoffLimitPerIndex == nil || *shards.Spec.BackoffLimitPerIndex < 1 {
		t.Error("the shard Job is not Indexed with retries per index")
	}
	c := shards.Spec.Template.Spec.Containers[0]
	if len(c.Env) != 1 || c.Env[0].Name != "SHARD" || c.Env[0].ValueFrom == nil || c.Env[0].ValueFrom.FieldRef == nil ||
		c.Env[0].ValueFrom.FieldRef.FieldPath != "metadata.annotations['batch.kubernetes.io/job-completion-index']" {
		t.Errorf("SHARD does not come from the completion index: %+v", c.Env)
	}
	n := *shards.Spec.Completions
	cmd := strings.Join(c.Command, " ")
	if !strings.Contains(cmd, fmt.Sprintf(" -shard $(SHARD)/%d ", n)) || !strings.Contains(cmd, " -resume") ||
		!strings.Contains(cmd, " -out /results/overnight/shard-$(SHARD) ") {
		t.Errorf("shard command %q: want -shard $(SHARD)/%d, -resume and -out /results/overnight/shard-$(SHARD)", cmd, n)
	}
	if merge.Spec.BackoffLimit == nil || *merge.Spec.BackoffLimit < 1 {
		t.Error("the merge Job is not retried: a merge stopped halfway is finished by running it again")
	}
	// Exit status 2 is bad input, which no retry mends; an eviction is
	// not the program's failure and uses up no retry.
	for _, j := range []struct {
		job  *batchv1.Job
		fail batchv1.PodFailurePolicyAction
	}{{shards, batchv1.PodFailurePolicyActionFailIndex}, {merge, batchv1.PodFailurePolicyActionFailJob}} {
		var onBadInput, onEviction bool
		if p := j.job.Spec.PodFailurePolicy; p != nil {
			for _, r := range p.Rules {
				if e := r.OnExitCodes; r.Action == j.fail && e != nil && e.Operator == batchv1.PodFailurePolicyOnExitCodesOpIn &&
					slices.Equal(e.Values, []int32{2}) && e.ContainerName != nil && *e.ContainerName == j.job.Spec.Template.Spec.Containers[0].Name {
					onBadInput = true
				}
				if r.Action == batchv1.PodFailurePolicyActionIgnore && len(r.OnPodConditions) == 1 && r.OnPodConditions[0].Type == "DisruptionTarget" {
					onEviction = true
				}
			}
		}
		if !onBadInput || !onEviction {
			t.Errorf("%s: podFailurePolicy %+v: want %s on exit status 2 and Ignore on DisruptionTarget", j.job.Name, j.job.Spec.PodFailurePolicy, j.fail)
		}
	}
	mc := merge.Spec.Template.Spec.Containers[0].Command
	if !slices.Equal(mc, []string{"experiment", "merge", "-out", "/results/overnight/merged", "/results/overnight/shard-*/"}) {
		t.Errorf("merge command %q", mc)
	}
}
