{{/* Chart name, truncated to 63 characters (the DNS label limit). */}}
{{- define "remediation.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Resource-name prefix: fullnameOverride, or release name + chart name (once), 63 characters at most. */}}
{{- define "remediation.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Name of one component (a service, or "migrate"): prefix + component, 63 characters at most. Takes (dict "root" $ "name" <component>). */}}
{{- define "remediation.componentName" -}}
{{- printf "%s-%s" (include "remediation.fullname" .root | trunc (int (sub 62 (len .name))) | trimSuffix "-") .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "remediation.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels: fixed, never user labels (selectors are immutable). Takes (dict "root" $ "name" <component>). */}}
{{- define "remediation.selectorLabels" -}}
app.kubernetes.io/name: {{ include "remediation.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* Labels of every resource: selector labels, chart metadata, then commonLabels. Takes (dict "root" $ "name" <component>). */}}
{{- define "remediation.labels" -}}
{{ include "remediation.selectorLabels" . }}
app.kubernetes.io/part-of: {{ include "remediation.name" .root }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ include "remediation.chart" .root }}
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Labels of chart-wide resources (no component). */}}
{{- define "remediation.commonLabels" -}}
app.kubernetes.io/name: {{ include "remediation.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: {{ include "remediation.name" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ include "remediation.chart" . }}
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* The image reference: digest when given, else tag (default: appVersion). */}}
{{- define "remediation.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}
{{- end }}

{{/*
Fills .out with the settings of service .name: every key of .Values.defaults, replaced by the
service's own key when present (hasKey, so false and 0 override too); env, podAnnotations and
podLabels are merged with the service's entries winning; service-only keys are copied.
Dicts are passed by reference, so the caller's dict is filled: (dict "out" $s "root" $ "name" $name).
*/}}
{{- define "remediation.serviceSettings" -}}
{{- $svc := index .root.Values.services .name }}
{{- range $key, $default := .root.Values.defaults }}
{{- $_ := set $.out $key (ternary (index $svc $key) $default (hasKey $svc $key)) }}
{{- end }}
{{- range $key, $value := $svc }}
{{- if not (hasKey $.out $key) }}
{{- $_ := set $.out $key $value }}
{{- end }}
{{- end }}
{{- range $key := list "env" "podAnnotations" "podLabels" }}
{{- $_ := set $.out $key (merge (dict) (index $svc $key | default dict) (index $.root.Values.defaults $key | default dict)) }}
{{- end }}
{{- end }}

{{/* Name of a service's ServiceAccount. Takes (dict "root" $ "name" $name "settings" $s). */}}
{{- define "remediation.serviceAccountName" -}}
{{- if .settings.serviceAccount.create }}
{{- default (include "remediation.componentName" .) .settings.serviceAccount.name }}
{{- else }}
{{- default "default" .settings.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* An environment variable's value as a string: numbers without exponent notation. */}}
{{- define "remediation.envValue" -}}
{{- if kindIs "string" . }}{{ . | quote }}{{ else }}{{ toJson . | quote }}{{ end }}
{{- end }}

{{/* The base URL of the Ingress's first host, for PUBLIC_URL. */}}
{{- define "remediation.publicUrl" -}}
{{- $host := (first .Values.ingress.hosts).host }}
{{- $tls := false }}
{{- range .Values.ingress.tls }}{{ if has $host .hosts }}{{ $tls = true }}{{ end }}{{ end }}
{{- printf "%s://%s" (ternary "https" "http" $tls) $host }}
{{- end }}

{{/* Environment shared by every process (the migration Job included). */}}
{{- define "remediation.sharedEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ .Values.postgresql.existingSecret }}
      key: {{ .Values.postgresql.urlKey }}
{{- end }}
