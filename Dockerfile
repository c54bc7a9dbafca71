# One image for the three processes; the Deployment picks the command
# (`claimsvc api`, `claimsvc worker`, `sms-ingest`). Build: docker build -t claimsvc:TAG .
# Everything is installed at build time; the container runs as an unprivileged user on a
# read-only root filesystem (only /tmp is writable, an emptyDir in Kubernetes).

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
WORKDIR /src
# Dependencies first, from the metadata alone, so that a code change reuses this layer.
COPY pyproject.toml README.md ./
RUN mkdir claimsvc sms_ingest \
    && touch claimsvc/__init__.py sms_ingest/__init__.py \
    && /opt/venv/bin/pip install . \
    && /opt/venv/bin/pip uninstall -y claimsvc
COPY claimsvc ./claimsvc
COPY sms_ingest ./sms_ingest
# A regular (not editable) install: templates, static files and the OpenAPI document are copied
# as package data, and pip compiles the bytecode now (the root filesystem is read-only later).
RUN /opt/venv/bin/pip install --no-deps .

FROM python:3.11-slim
RUN groupadd --system --gid 10001 claimsvc \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin claimsvc
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
# An empty working directory: `claimsvc` reads a .env file from here, and none must be baked in.
WORKDIR /app
# Numeric, so Kubernetes can verify runAsNonRoot without reading /etc/passwd.
USER 10001:10001
EXPOSE 8080 8081 9101
# The Python process is PID 1 and handles SIGTERM itself (claimsvc/runtime/runner.py drains on it).
CMD ["claimsvc", "api"]
