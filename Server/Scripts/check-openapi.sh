#!/usr/bin/env bash
# The contract is valid OpenAPI 3.1 (openapi-spec-validator, from PyPI), and the committed
# generated Swift code is what it generates now (Server/Scripts/generate-openapi.sh --check).
set -euo pipefail
cd "$(dirname "$0")/../.."
openapi-spec-validator Server/openapi.yaml
Server/Scripts/generate-openapi.sh --check
echo "check-openapi: Server/openapi.yaml is valid and the generated code is up to date"
