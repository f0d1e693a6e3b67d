{{/*
Checkov skips, rendered as annotations on each workload (the Deployments and the migration Job)
so the reason travels with the manifest an operator applies and reads (`kubectl describe`).
Each skip holds only while the values that cause the finding hold: an operator who sets
image.digest, pullPolicy Always or a CPU limit gets the check back. Checkov splits the
annotation value on "=", so a reason never contains one.
Input: dict "root" $ "resources" <the container's resources>.
*/}}
{{- define "remediation.checkovSkips" -}}
{{- $skips := list "CKV_K8S_35=the services read DATABASE_URL, REDIS_URL and SECRETS_ENCRYPTION_KEY from environment variables only (no file-based configuration); they come from existing Secrets through secretKeyRef" }}
{{- if not .root.Values.image.digest }}
{{- $skips = append $skips "CKV_K8S_43=image.digest is empty, so the image is pinned by its tag; set image.digest to pin it by digest" }}
{{- end }}
{{- if ne .root.Values.image.pullPolicy "Always" }}
{{- $skips = append $skips (printf "CKV_K8S_15=image.pullPolicy is %s: release tags and digests are immutable, and Always would make every pod start depend on the registry" .root.Values.image.pullPolicy) }}
{{- end }}
{{- if not (dig "limits" "cpu" "" (.resources | default dict)) }}
{{- $skips = append $skips "CKV_K8S_11=no CPU limit by design: the CPU request reserves capacity and a limit would only throttle bursts (SARIF parsing, codemods); set resources.limits.cpu to cap it" }}
{{- end }}
{{- range $i, $skip := $skips }}
checkov.io/skip{{ add1 $i }}: {{ $skip | quote }}
{{- end }}
{{- end }}
