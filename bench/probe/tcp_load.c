// A saturating TCP echo load generator: `conns` connections on one epoll thread, each keeping
// `depth` messages of `size` bytes in flight, until `total` messages came back or `seconds`
// passed. Unlike the seed-003 client (10 connections, one message each, in Python), it keeps
// the server busy, so it measures the server's throughput rather than its round-trip latency.
// Usage: tcp_load PORT CONNS DEPTH SIZE TOTAL SECONDS   Prints key=value.
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: tcp_load PORT CONNS DEPTH SIZE TOTAL SECONDS\n");
        return 2;
    }
    int port = atoi(argv[1]), conns = atoi(argv[2]), depth = atoi(argv[3]), size = atoi(argv[4]);
    long total = atol(argv[5]);
    double limit = atof(argv[6]);
    char *msg = malloc(size * depth), buf[65536];
    memset(msg, 'x', size * depth);
    long *owed = calloc(conns, sizeof(long));  // bytes still to come back per connection
    int *fds = calloc(conns, sizeof(int));
    int ep = epoll_create1(0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
    for (int i = 0; i < conns; i++) {
        fds[i] = socket(AF_INET, SOCK_STREAM, 0);
        int one = 1;
        setsockopt(fds[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (connect(fds[i], (struct sockaddr *)&sa, sizeof sa) < 0) {
            perror("connect");
            return 1;
        }
        struct epoll_event ev = {.events = EPOLLIN, .data.u32 = i};
        epoll_ctl(ep, EPOLL_CTL_ADD, fds[i], &ev);
    }
    long sent = 0, done = 0;
    double start = now_s(), end = start + limit;
    for (int i = 0; i < conns; i++) {
        if (write(fds[i], msg, size * depth) != size * depth) return 1;
        owed[i] = (long)size * depth;
        sent += depth;
    }
    struct epoll_event evs[256];
    long bytes_back = 0;
    while (done < total && now_s() < end) {
        int n = epoll_wait(ep, evs, 256, 100);
        for (int k = 0; k < n; k++) {
            int i = evs[k].data.u32;
            ssize_t r = read(fds[i], buf, sizeof buf);
            if (r <= 0) {
                fprintf(stderr, "connection %d closed (%s)\n", i, r ? strerror(errno) : "eof");
                return 1;
            }
            bytes_back += r;
            owed[i] -= r;
            // Each whole message that came back is replaced by a new one.
            long whole = (long)size * depth - owed[i];
            long again = whole / size;
            if (again > 0 && sent < total) {
                if (sent + again > total) again = total - sent;
                if (write(fds[i], msg, size * again) != size * again) return 1;
                owed[i] += size * again;
                sent += again;
            }
            done = bytes_back / size;
        }
    }
    double secs = now_s() - start;
    printf("messages=%ld seconds=%.3f msgs_per_s=%.0f\n", done, secs, done / secs);
    for (int i = 0; i < conns; i++) close(fds[i]);
    return 0;
}
