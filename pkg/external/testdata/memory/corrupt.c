/* corrupt: writes past a block over the heap's own bookkeeping; glibc
 * aborts (SIGABRT) with "malloc(): corrupted top size": a crash whose
 * words name the allocator but not a lack of memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
	(void)argv;
	char *p = malloc(16);
	memset(p, 0xff, 16 + 16 * argc); /* argc is 1 at least: 16 bytes past the block */
	printf("%p\n", (void *)malloc(64));
	return 0;
}
