# driftctl in a container: `driftctl watch` as a long-running process (docs/watch.md,
# "In a container"). Built from the project's own files; nothing else is fetched beyond
# the package index. tests/test_container.py replays its COPY and RUN steps without
# Docker (the CI machine has no Docker engine): the image build itself is not run in CI.
FROM python:3.11-slim

COPY pyproject.toml README.md LICENSE MANIFEST.in /src/
COPY driftctl /src/driftctl
RUN pip install --no-cache-dir /src && rm -rf /src

# no root: the watch reads AWS and writes its lines to stdout, nothing on disk but
# revert journals and report files (give it a volume for those)
RUN useradd --create-home --uid 10001 driftctl
USER driftctl
WORKDIR /home/driftctl

# SIGTERM (docker stop, Kubernetes, ECS) lets the batch in hand finish: exit 143
STOPSIGNAL SIGTERM
ENTRYPOINT ["driftctl"]
CMD ["watch", "--help"]
