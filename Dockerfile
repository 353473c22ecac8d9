# cardbot in a container: `docker build -t cardbot .`, or `docker compose up -d` (compose.yaml).
#
# Build stage: the Go toolchain with gcc, since SQLite's driver is compiled with cgo.
# (-ldflags=-s strips the symbol table and, since Go 1.22, the DWARF data too.)
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -ldflags=-s -o /out/cardbot ./cmd/cardbot
# The database folder, made here so that the final image (which has no shell) gets it
# owned by its non-root user.
RUN mkdir -p /out/data

# Final stage: glibc and CA certificates, no shell, no package manager. Built on the same
# Debian release as the build stage, so the cgo binary finds the glibc it was linked with.
FROM gcr.io/distroless/base-debian12:nonroot
COPY --from=build /out/cardbot /usr/local/bin/cardbot
COPY --from=build --chown=65532:65532 /out/data /data
# The database lives on a volume; metrics and health checks on port 9090.
ENV DATABASE_PATH=/data/cardbot.db \
    METRICS_ADDR=:9090
VOLUME ["/data"]
EXPOSE 9090
USER 65532:65532
WORKDIR /data
# The binary asks its own /healthz: no curl needed in the image.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/cardbot", "healthcheck"]
# docker stop sends SIGTERM: every table saves before the bot exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/cardbot"]
