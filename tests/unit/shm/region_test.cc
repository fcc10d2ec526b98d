// SharedRegion: memory a fork()ed child writes is what the parent reads; unmapping in one process
// leaves the other's mapping alone.
#include "gust/shm/region.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>

#include "shm/shm_fork.h"

namespace gust::shm {
namespace {

TEST(SharedRegion, RoundsUpToPagesAndStartsZeroed) {
    auto r = SharedRegion::map(10);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->size(), static_cast<size_t>(sysconf(_SC_PAGESIZE)));
    const char *p = static_cast<const char *>(r->data());
    for (size_t i = 0; i < r->size(); i++) ASSERT_EQ(p[i], 0);
}

TEST(SharedRegion, RefusesZeroBytes) {
    auto r = SharedRegion::map(0);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.code(), kErrInvalid);
}

TEST(SharedRegion, ChildWritesAreSeenByTheParent) {
    auto r = SharedRegion::map(4096);
    ASSERT_TRUE(r.ok());
    char *p = static_cast<char *>(r->data());
    int fd = -1;
    pid_t pid = test::fork_child([p](int) { strcpy(p, "from the child"); }, &fd);
    ASSERT_GT(pid, 0);
    EXPECT_FALSE(test::read_byte(fd));  // EOF: the child has finished
    close(fd);
    test::reap(pid);
    EXPECT_STREQ(p, "from the child");
}

TEST(SharedRegion, ParentUnmappingLeavesTheChildsMapping) {
    auto r = SharedRegion::map(4096);
    ASSERT_TRUE(r.ok());
    char *p = static_cast<char *>(r->data());
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    int fd = -1;
    pid_t pid = test::fork_child(
        [p, &fds](int out) {
            close(fds[1]);
            test::read_byte(fds[0]);  // the parent has unmapped
            if (strcmp(p, "kept") == 0) test::write_byte(out);
        },
        &fd);
    ASSERT_GT(pid, 0);
    close(fds[0]);
    strcpy(p, "kept");
    r->reset();
    EXPECT_EQ(r->data(), nullptr);
    test::write_byte(fds[1]);
    EXPECT_TRUE(test::read_byte(fd));
    close(fds[1]);
    close(fd);
    test::reap(pid);
}

TEST(SharedRegion, MovesOwnership) {
    auto r = SharedRegion::map(1);
    ASSERT_TRUE(r.ok());
    SharedRegion a = std::move(r.value());
    EXPECT_TRUE(a);
    SharedRegion b;
    b = std::move(a);
    EXPECT_FALSE(a);
    EXPECT_TRUE(b);
}

}  // namespace
}  // namespace gust::shm
