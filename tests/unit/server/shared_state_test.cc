// The block PROCESS mode shares between the master and the workers: counters and the connection
// table, seen from another process after fork().
#include "gust/server/shared_state.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

namespace gust::server {
namespace {

ConnectionRecord record(SessionId id, const char *host, uint16_t port) {
    ConnectionRecord r;
    r.id = id;
    r.peer_port = port;
    r.worker = 1;
    r.connected_at = 5;
    std::strncpy(r.peer_host, host, sizeof r.peer_host - 1);
    return r;
}

TEST(SharedState, AnotherProcessSeesConnectionsCountersAndBindings) {
    auto made = SharedState::create(2, 3, 4);
    ASSERT_TRUE(made.ok());
    SharedState &s = *made.value();
    s.open(record(1, "10.0.0.1", 1111));  // thread 0
    s.open(record(4, "10.0.0.4", 4444));  // thread 1
    s.thread(1).accepted.store(7);
    pid_t child = fork();
    if (child == 0) {
        ConnectionRecord r;
        bool ok = s.read(4, &r) && r.peer_port == 4444 && std::strcmp(r.peer_host, "10.0.0.4") == 0 && !r.has_uid;
        ok = ok && s.thread(1).accepted.load() == 7 && s.bind(4, 99) && !s.bind(4, 100) && !s.bind(3, 1);
        s.worker(2).requests_total.fetch_add(3);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    ConnectionRecord r;
    ASSERT_TRUE(s.read(4, &r));
    EXPECT_TRUE(r.has_uid);
    EXPECT_EQ(r.uid, 99);
    EXPECT_EQ(s.worker(2).requests_total.load(), 3u);
    EXPECT_EQ(s.list(0, 10), (std::vector<SessionId>{1, 4}));
    EXPECT_EQ(s.list(1, 10), (std::vector<SessionId>{4}));
}

TEST(SharedState, AReusedSlotIsNeverReportedAsTheOldConnection) {
    auto made = SharedState::create(2, 1, 4);  // thread 0 owns ids 1, 3, 5, ...; slot = ((id-1)/2) % 4
    ASSERT_TRUE(made.ok());
    SharedState &s = *made.value();
    s.open(record(1, "a", 1));
    EXPECT_TRUE(s.bind(1, 5));
    EXPECT_FALSE(s.session_id_free(9));  // id 9 maps to the slot of id 1, still live
    EXPECT_TRUE(s.session_id_free(3));
    s.close(1);
    EXPECT_FALSE(s.exists(1));
    EXPECT_TRUE(s.session_id_free(9));
    s.open(record(9, "b", 9));
    ConnectionRecord r;
    EXPECT_FALSE(s.read(1, &r));
    EXPECT_FALSE(s.bind(1, 6));
    ASSERT_TRUE(s.read(9, &r));
    EXPECT_EQ(r.peer_port, 9);
    EXPECT_FALSE(r.has_uid);  // the old connection's uid is not inherited
    s.close(1);               // a late close of the old id leaves the new connection alone
    EXPECT_TRUE(s.exists(9));
}

TEST(SharedState, ProtectOutputAndWorkerOfAConnectionAreSharedAndDieWithIt) {
    auto made = SharedState::create(1, 2, 4);
    ASSERT_TRUE(made.ok());
    SharedState &s = *made.value();
    s.open(record(1, "10.0.0.1", 1111));
    s.note_output(1, 500, 70);
    s.set_worker(1, 0);
    pid_t child = fork();
    if (child == 0) {
        // A worker protects it; it sees what the master published.
        ConnectionRecord r;
        bool ok = s.read(1, &r) && r.last_send == 500 && r.send_queued == 70 && r.worker == 0 && !r.protect;
        ok = ok && s.protect(1, true) && !s.protect(2, true);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    EXPECT_TRUE(s.is_protected(1));
    s.note_output(1, 0, 0);  // a reply that was only queued: the time stays
    ConnectionRecord r;
    ASSERT_TRUE(s.read(1, &r));
    EXPECT_TRUE(r.protect);
    EXPECT_EQ(r.last_send, 500);
    EXPECT_EQ(r.send_queued, 0u);
    s.note_output(1, 600, uint64_t{1} << 40);  // saturates instead of wrapping
    ASSERT_TRUE(s.read(1, &r));
    EXPECT_EQ(r.send_queued, UINT32_MAX);
    EXPECT_TRUE(s.protect(1, false));
    EXPECT_FALSE(s.is_protected(1));
    EXPECT_TRUE(s.protect(1, true));
    s.close(1);
    EXPECT_FALSE(s.is_protected(1));
    s.open(record(5, "10.0.0.5", 5555));  // the same slot (4 per thread): nothing inherited
    EXPECT_FALSE(s.is_protected(5));
    ASSERT_TRUE(s.read(5, &r));
    EXPECT_EQ(r.last_send, 0);
    EXPECT_EQ(r.send_queued, 0u);
    EXPECT_EQ(r.worker, 1);
    s.note_output(1, 700, 9);  // a late note about the old id changes nothing
    ASSERT_TRUE(s.read(5, &r));
    EXPECT_EQ(r.last_send, 0);
}

}  // namespace
}  // namespace gust::server
