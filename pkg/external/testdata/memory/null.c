/* null: a plain crash, at once: SIGSEGV with a megabyte or two resident. */
int main(void) {
	volatile int *p = 0;
	return *p;
}
