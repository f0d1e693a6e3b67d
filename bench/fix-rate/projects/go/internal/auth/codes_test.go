package auth

import (
	"testing"
	"time"
)

func TestResetCodeHasSixDigits(t *testing.T) {
	for i := 0; i < 50; i++ {
		code := ResetCode()
		if len(code) != codeDigits {
			t.Fatalf("code %q has %d digits", code, len(code))
		}
		for _, c := range code {
			if c < '0' || c > '9' {
				t.Fatalf("code %q is not numeric", code)
			}
		}
	}
}

func TestSessionTokensDiffer(t *testing.T) {
	a, b := SessionToken(), SessionToken()
	if len(a) != 32 || a == b {
		t.Fatalf("tokens %q and %q", a, b)
	}
}

func TestRetryDelayGrows(t *testing.T) {
	if d := RetryDelay(3); d < 800*time.Millisecond || d > 960*time.Millisecond {
		t.Fatalf("delay %v", d)
	}
}
