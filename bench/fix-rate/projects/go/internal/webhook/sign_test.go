package webhook

import "testing"

func TestSignedPayloadVerifies(t *testing.T) {
	secret := []byte("s3cret")
	sig := Sign(secret, []byte(`{"event":"note.created"}`))
	if !Verify(secret, []byte(`{"event":"note.created"}`), sig) {
		t.Fatal("own signature rejected")
	}
	if Verify(secret, []byte(`{"event":"note.deleted"}`), sig) {
		t.Fatal("signature of another payload accepted")
	}
}
