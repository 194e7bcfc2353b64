// SPDX-License-Identifier: GPL-2.0
/*
 * fp-state's user side: processes that each fill the CPU's vector
 * registers with their own pattern, give the CPU away with sched_yield()
 * while the registers hold it, and check them afterwards, many times.
 * The kernel saves and restores those registers at every switch; UML does
 * it through ptrace, in its host's XSAVE format, so a register the host
 * has and UML mishandles comes back changed (or UML cannot start init at
 * all).  x86_64: the sixteen YMM registers with AVX, the sixteen XMM
 * ones without (QEMU's default CPU); with AVX-512, the 32 ZMM registers.
 * arm64: the 32 128-bit V registers.
 *
 * usage: fp_state PROCESSES ROUNDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* the bytes of the largest register set: 32 registers of 64 bytes */
#define MAX_BYTES (32 * 64)

/* Load @in into the registers, yield the CPU, store them to @out. */
typedef void (*round_fn)(const unsigned char *in, unsigned char *out);

#if defined(__x86_64__)

#define YIELD "mov %[nr], %%eax\n\tsyscall\n\t"
#define XMM_CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", \
	"xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", \
	"xmm13", "xmm14", "xmm15"

#define LOAD16(insn, reg, size) \
	insn " 0*" #size "(%[in]), %%" reg "0\n\t" \
	insn " 1*" #size "(%[in]), %%" reg "1\n\t" \
	insn " 2*" #size "(%[in]), %%" reg "2\n\t" \
	insn " 3*" #size "(%[in]), %%" reg "3\n\t" \
	insn " 4*" #size "(%[in]), %%" reg "4\n\t" \
	insn " 5*" #size "(%[in]), %%" reg "5\n\t" \
	insn " 6*" #size "(%[in]), %%" reg "6\n\t" \
	insn " 7*" #size "(%[in]), %%" reg "7\n\t" \
	insn " 8*" #size "(%[in]), %%" reg "8\n\t" \
	insn " 9*" #size "(%[in]), %%" reg "9\n\t" \
	insn " 10*" #size "(%[in]), %%" reg "10\n\t" \
	insn " 11*" #size "(%[in]), %%" reg "11\n\t" \
	insn " 12*" #size "(%[in]), %%" reg "12\n\t" \
	insn " 13*" #size "(%[in]), %%" reg "13\n\t" \
	insn " 14*" #size "(%[in]), %%" reg "14\n\t" \
	insn " 15*" #size "(%[in]), %%" reg "15\n\t"
#define STORE16(insn, reg, size) \
	insn " %%" reg "0, 0*" #size "(%[out])\n\t" \
	insn " %%" reg "1, 1*" #size "(%[out])\n\t" \
	insn " %%" reg "2, 2*" #size "(%[out])\n\t" \
	insn " %%" reg "3, 3*" #size "(%[out])\n\t" \
	insn " %%" reg "4, 4*" #size "(%[out])\n\t" \
	insn " %%" reg "5, 5*" #size "(%[out])\n\t" \
	insn " %%" reg "6, 6*" #size "(%[out])\n\t" \
	insn " %%" reg "7, 7*" #size "(%[out])\n\t" \
	insn " %%" reg "8, 8*" #size "(%[out])\n\t" \
	insn " %%" reg "9, 9*" #size "(%[out])\n\t" \
	insn " %%" reg "10, 10*" #size "(%[out])\n\t" \
	insn " %%" reg "11, 11*" #size "(%[out])\n\t" \
	insn " %%" reg "12, 12*" #size "(%[out])\n\t" \
	insn " %%" reg "13, 13*" #size "(%[out])\n\t" \
	insn " %%" reg "14, 14*" #size "(%[out])\n\t" \
	insn " %%" reg "15, 15*" #size "(%[out])\n\t"
/* the upper sixteen ZMM registers, past the 16 lower ones' 1024 bytes */
#define LOAD_UPPER16 \
	"vmovdqu64 1024(%[in]), %%zmm16\n\tvmovdqu64 1088(%[in]), %%zmm17\n\t" \
	"vmovdqu64 1152(%[in]), %%zmm18\n\tvmovdqu64 1216(%[in]), %%zmm19\n\t" \
	"vmovdqu64 1280(%[in]), %%zmm20\n\tvmovdqu64 1344(%[in]), %%zmm21\n\t" \
	"vmovdqu64 1408(%[in]), %%zmm22\n\tvmovdqu64 1472(%[in]), %%zmm23\n\t" \
	"vmovdqu64 1536(%[in]), %%zmm24\n\tvmovdqu64 1600(%[in]), %%zmm25\n\t" \
	"vmovdqu64 1664(%[in]), %%zmm26\n\tvmovdqu64 1728(%[in]), %%zmm27\n\t" \
	"vmovdqu64 1792(%[in]), %%zmm28\n\tvmovdqu64 1856(%[in]), %%zmm29\n\t" \
	"vmovdqu64 1920(%[in]), %%zmm30\n\tvmovdqu64 1984(%[in]), %%zmm31\n\t"
#define STORE_UPPER16 \
	"vmovdqu64 %%zmm16, 1024(%[out])\n\tvmovdqu64 %%zmm17, 1088(%[out])\n\t" \
	"vmovdqu64 %%zmm18, 1152(%[out])\n\tvmovdqu64 %%zmm19, 1216(%[out])\n\t" \
	"vmovdqu64 %%zmm20, 1280(%[out])\n\tvmovdqu64 %%zmm21, 1344(%[out])\n\t" \
	"vmovdqu64 %%zmm22, 1408(%[out])\n\tvmovdqu64 %%zmm23, 1472(%[out])\n\t" \
	"vmovdqu64 %%zmm24, 1536(%[out])\n\tvmovdqu64 %%zmm25, 1600(%[out])\n\t" \
	"vmovdqu64 %%zmm26, 1664(%[out])\n\tvmovdqu64 %%zmm27, 1728(%[out])\n\t" \
	"vmovdqu64 %%zmm28, 1792(%[out])\n\tvmovdqu64 %%zmm29, 1856(%[out])\n\t" \
	"vmovdqu64 %%zmm30, 1920(%[out])\n\tvmovdqu64 %%zmm31, 1984(%[out])\n\t"

static void round_sse(const unsigned char *in, unsigned char *out)
{
	asm volatile(LOAD16("movdqu", "xmm", 16) YIELD
		     STORE16("movdqu", "xmm", 16)
		     : : [in] "r" (in), [out] "r" (out), [nr] "i" (SYS_sched_yield)
		     : "rax", "rcx", "r11", "memory", XMM_CLOBBERS);
}

__attribute__((target("avx")))
static void round_avx(const unsigned char *in, unsigned char *out)
{
	asm volatile(LOAD16("vmovdqu", "ymm", 32) YIELD
		     STORE16("vmovdqu", "ymm", 32)
		     : : [in] "r" (in), [out] "r" (out), [nr] "i" (SYS_sched_yield)
		     : "rax", "rcx", "r11", "memory", XMM_CLOBBERS);
}

__attribute__((target("avx512f")))
static void round_avx512(const unsigned char *in, unsigned char *out)
{
	asm volatile(LOAD16("vmovdqu64", "zmm", 64) LOAD_UPPER16 YIELD
		     STORE16("vmovdqu64", "zmm", 64) STORE_UPPER16
		     : : [in] "r" (in), [out] "r" (out), [nr] "i" (SYS_sched_yield)
		     : "rax", "rcx", "r11", "memory", XMM_CLOBBERS,
		       "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21",
		       "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",
		       "xmm28", "xmm29", "xmm30", "xmm31");
}

static round_fn pick(const char **what, int *bytes)
{
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f")) {
		*what = "32 ZMM";
		*bytes = 32 * 64;
		return round_avx512;
	}
	if (__builtin_cpu_supports("avx")) {
		*what = "16 YMM";
		*bytes = 16 * 32;
		return round_avx;
	}
	*what = "16 XMM";
	*bytes = 16 * 16;
	return round_sse;
}

#elif defined(__aarch64__)

static void round_neon(const unsigned char *in, unsigned char *out)
{
	register long nr asm("x8") = SYS_sched_yield;
	register const unsigned char *src asm("x9") = in;
	register unsigned char *dst asm("x10") = out;

	asm volatile("ld1 {v0.16b-v3.16b}, [x9], #64\n\t"
		     "ld1 {v4.16b-v7.16b}, [x9], #64\n\t"
		     "ld1 {v8.16b-v11.16b}, [x9], #64\n\t"
		     "ld1 {v12.16b-v15.16b}, [x9], #64\n\t"
		     "ld1 {v16.16b-v19.16b}, [x9], #64\n\t"
		     "ld1 {v20.16b-v23.16b}, [x9], #64\n\t"
		     "ld1 {v24.16b-v27.16b}, [x9], #64\n\t"
		     "ld1 {v28.16b-v31.16b}, [x9], #64\n\t"
		     "svc #0\n\t"
		     "st1 {v0.16b-v3.16b}, [x10], #64\n\t"
		     "st1 {v4.16b-v7.16b}, [x10], #64\n\t"
		     "st1 {v8.16b-v11.16b}, [x10], #64\n\t"
		     "st1 {v12.16b-v15.16b}, [x10], #64\n\t"
		     "st1 {v16.16b-v19.16b}, [x10], #64\n\t"
		     "st1 {v20.16b-v23.16b}, [x10], #64\n\t"
		     "st1 {v24.16b-v27.16b}, [x10], #64\n\t"
		     "st1 {v28.16b-v31.16b}, [x10], #64\n\t"
		     : "+r" (src), "+r" (dst)
		     : "r" (nr)
		     : "x0", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6",
		       "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
		       "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22",
		       "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30",
		       "v31");
}

static round_fn pick(const char **what, int *bytes)
{
	*what = "32 V";
	*bytes = 32 * 16;
	return round_neon;
}

#else
#error "fp_state: no register set for this architecture"
#endif

/* One process's rounds: 0 if every register came back as it went. */
static int check(int id, int rounds, round_fn round, int bytes)
{
	unsigned char in[MAX_BYTES], out[MAX_BYTES];
	int r, i;

	for (r = 0; r < rounds; r++) {
		for (i = 0; i < bytes; i++)
			in[i] = (unsigned char)(id * 67 + r * 13 + i * 7 + 1);
		memset(out, 0, sizeof(out));
		round(in, out);
		for (i = 0; i < bytes; i++) {
			if (in[i] != out[i]) {
				printf("fp-state: process %d, round %d: byte %d of its registers was %#x, is %#x\n",
				       id, r, i, in[i], out[i]);
				return 1;
			}
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	int processes, rounds, bytes, id, status, failed = 0;
	const char *what;
	round_fn round;

	if (argc != 3) {
		fprintf(stderr, "usage: fp_state PROCESSES ROUNDS\n");
		return 2;
	}
	processes = atoi(argv[1]);
	rounds = atoi(argv[2]);
	round = pick(&what, &bytes);
	fflush(stdout);
	for (id = 0; id < processes; id++) {
		if (fork() == 0)
			_exit(check(id, rounds, round, bytes));
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed++;
	if (failed) {
		printf("fp-state: %d of %d processes saw their registers change\n",
		       failed, processes);
		return 1;
	}
	printf("fp-state: %d processes kept their %s registers over %d switches each\n",
	       processes, what, rounds);
	return 0;
}
