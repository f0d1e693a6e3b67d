{{/*
Every check that needs more than the schema; each fails the render with a message that says
which value to set. Rendered from templates/validations.yaml only, so failures name one file.
*/}}
{{- define "remediation.validate" -}}
{{- if not .Values.postgresql.existingSecret }}
{{- fail "postgresql.existingSecret is required: create a Secret holding the PostgreSQL URL under the key postgresql.urlKey (DATABASE_URL) and set postgresql.existingSecret to its name" }}
{{- end }}
{{- if not .Values.redis.existingSecret }}
{{- fail "redis.existingSecret is required: create a Secret holding the Redis URL under the key redis.urlKey (REDIS_URL) and set redis.existingSecret to its name" }}
{{- end }}
{{- $enabled := list }}
{{- range $name, $svc := .Values.services }}
{{- if $svc.enabled }}
{{- $enabled = append $enabled $name }}
{{- $s := dict }}
{{- $_ := include "remediation.serviceSettings" (dict "out" $s "root" $ "name" $name) }}
{{- if and $s.needsEncryptionKey (not $.Values.encryption.existingSecret) }}
{{- fail (printf "encryption.existingSecret is required by services.%s: create a Secret holding SECRETS_ENCRYPTION_KEY (32 random bytes, base64) and set encryption.existingSecret to its name" $name) }}
{{- end }}
{{- if le (mul (int64 $s.terminationGracePeriodSeconds) 1000) (int64 $s.shutdownTimeoutMs) }}
{{- fail (printf "services.%s: terminationGracePeriodSeconds (%d s) must exceed shutdownTimeoutMs (%d ms), or Kubernetes kills the process before its shutdown ends" $name (int64 $s.terminationGracePeriodSeconds) (int64 $s.shutdownTimeoutMs)) }}
{{- end }}
{{- if and $s.autoscaling.enabled $s.keda.enabled }}
{{- fail (printf "services.%s: enable either autoscaling (HPA) or keda, not both (KEDA manages its own HPA)" $name) }}
{{- end }}
{{- if and $s.keda.enabled (not $s.queues) }}
{{- fail (printf "services.%s: keda.enabled needs the queues it consumes (services.%s.queues)" $name $name) }}
{{- end }}
{{- if and $s.keda.enabled (not $.Values.keda.redis.address) }}
{{- fail (printf "keda.redis.address is required by services.%s.keda: the host:port of Redis as KEDA reaches it" $name) }}
{{- end }}
{{- range $key := list "DATABASE_URL" "REDIS_URL" "SECRETS_ENCRYPTION_KEY" "HEALTH_PORT" "SHUTDOWN_TIMEOUT_MS" "LOG_LEVEL" "PORT" "GIT_MIRROR_DIR" "NODE_ENV" "QUEUE_PREFIX" "DATABASE_POOL_MAX" "OTEL_EXPORTER_OTLP_ENDPOINT" }}
{{- if hasKey $s.env $key }}
{{- fail (printf "services.%s.env.%s: set by the chart; use its value instead (see the README's values table)" $name $key) }}
{{- end }}
{{- end }}
{{- if and $s.autoscaling.enabled (not (or $s.autoscaling.targetCPUUtilizationPercentage $s.autoscaling.targetMemoryUtilizationPercentage)) }}
{{- fail (printf "services.%s.autoscaling: set targetCPUUtilizationPercentage or targetMemoryUtilizationPercentage" $name) }}
{{- end }}
{{- if and $s.concurrency (not $s.concurrencyEnv) }}
{{- fail (printf "services.%s: concurrency needs concurrencyEnv, the environment variable the service reads it from" $name) }}
{{- end }}
{{- end }}
{{- end }}
{{- with .Values.telemetry.prometheusRule }}
{{- if and .enabled (not .defaultRules) (not .groups) }}
{{- fail "telemetry.prometheusRule.groups: give at least one rule group when telemetry.prometheusRule.enabled and defaultRules is false" }}
{{- end }}
{{- end }}
{{- if not $enabled }}
{{- fail "services: enable at least one service" }}
{{- end }}
{{- if .Values.ingress.enabled }}
{{- $target := index .Values.services .Values.ingress.service | default dict }}
{{- if not (and $target.enabled $target.http) }}
{{- fail (printf "ingress.service (%s) must name an enabled service that has http" .Values.ingress.service) }}
{{- end }}
{{- if not .Values.ingress.hosts }}
{{- fail "ingress.hosts: give at least one host when ingress.enabled" }}
{{- end }}
{{- end }}
{{- end }}
