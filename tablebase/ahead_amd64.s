#include "textflag.h"

// func prefetchW(base *byte, index *uint64, n int, stride uintptr, shift uint)
//
// PREFETCHW of base + (*index >> shift) for n indexes, stride bytes
// apart. The assembler has no mnemonic for it: 0F 0D /1, with the
// operand (AX)(DX*1).
TEXT ·prefetchW(SB), NOSPLIT, $0-40
	MOVQ base+0(FP), AX
	MOVQ index+8(FP), BX
	MOVQ n+16(FP), DI
	MOVQ stride+24(FP), SI
	MOVQ shift+32(FP), CX // SHRQ takes its count in CX
	TESTQ DI, DI
	JLE done

loop:
	MOVQ (BX), DX
	SHRQ CX, DX
	BYTE $0x0F; BYTE $0x0D; BYTE $0x0C; BYTE $0x10 // PREFETCHW (AX)(DX*1)
	ADDQ SI, BX
	DECQ DI
	JNE loop

done:
	RET

// func cpuPrefetchW() bool
//
// Reports CPUID's PRFCHW flag: leaf 0x80000001, bit 8 of ECX, where the
// highest extended leaf reaches it.
TEXT ·cpuPrefetchW(SB), NOSPLIT, $0-1
	MOVL $0x80000000, AX
	CPUID
	CMPL AX, $0x80000001
	JB no
	MOVL $0x80000001, AX
	CPUID
	SHRL $8, CX
	ANDL $1, CX
	MOVB CX, ret+0(FP)
	RET

no:
	MOVB $0, ret+0(FP)
	RET
