/* grow: takes memory a megabyte at a time, using each, and does not check
 * malloc: under an address-space limit, malloc returns NULL and memset
 * faults (SIGSEGV), the way most C programs run out of memory. */
#include <stdlib.h>
#include <string.h>

int main(void) {
	for (;;) {
		char *p = malloc(1 << 20);
		memset(p, 1, 1 << 20);
	}
}
