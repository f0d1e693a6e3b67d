package security

import (
	"crypto/des"
	"crypto/hmac"
	"crypto/md5"
	crand "crypto/rand"
	"crypto/rc4"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/tls"
	"fmt"
	"math/rand"
	"net/http"
	"text/template"
	"time"
)

func token() string {
	// ruleid: go.lang.security.audit.crypto.math_random.math-random-used
	n := rand.Int63()
	b := make([]byte, 16)
	// ruleid: go.lang.security.audit.crypto.math_random.math-random-used
	rand.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	// ok: go.lang.security.audit.crypto.math_random.math-random-used
	crand.Read(b)
	// ok: go.lang.security.audit.crypto.math_random.math-random-used
	r := rand.New(rand.NewSource(1))
	return fmt.Sprintf("%x%d%v", b, n, r)
}

func digests(data, key []byte) {
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-md5
	a := md5.Sum(data)
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-md5
	h := md5.New()
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-md5
	c := sha256.Sum256(data)
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-sha1
	d := sha1.Sum(data)
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-sha1
	mac := hmac.New(sha1.New, key)
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-sha1
	mac2 := hmac.New(sha256.New, key)
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-DES
	blk, _ := des.NewCipher(key[:8])
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-DES
	blk3, _ := des.NewTripleDESCipher(key[:24])
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-rc4
	rc, _ := rc4.NewCipher(key)
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-rc4
	sum := sha256.New()
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-DES
	fmt.Println(a, h, c, d, mac, mac2, blk, blk3, rc, sum)
}

func clients() *http.Client {
	// ruleid: problem-based-packs.insecure-transport.go-stdlib.bypass-tls-verification.bypass-tls-verification
	insecure := &tls.Config{InsecureSkipVerify: true}
	// ok: problem-based-packs.insecure-transport.go-stdlib.bypass-tls-verification.bypass-tls-verification
	secure := &tls.Config{MinVersion: tls.VersionTLS12}
	// ruleid: problem-based-packs.insecure-transport.go-stdlib.bypass-tls-verification.bypass-tls-verification
	secure.InsecureSkipVerify = true
	// ruleid: go.lang.security.audit.crypto.missing-ssl-minversion.missing-ssl-minversion
	old := &tls.Config{MinVersion: tls.VersionTLS10}
	// ok: go.lang.security.audit.crypto.missing-ssl-minversion.missing-ssl-minversion
	modern := &tls.Config{MinVersion: tls.VersionTLS13}
	// ruleid: go.lang.security.audit.crypto.missing-ssl-minversion.missing-ssl-minversion
	modern.MinVersion = tls.VersionTLS11
	fmt.Println(insecure, old)
	return &http.Client{Transport: &http.Transport{TLSClientConfig: modern}}
}

func serve(mux *http.ServeMux) error {
	// ruleid: go.lang.security.audit.net.http-server-without-timeouts.http-server-without-timeouts
	go http.ListenAndServe(":8080", mux)
	// ruleid: go.lang.security.audit.net.http-server-without-timeouts.http-server-without-timeouts
	plain := &http.Server{Addr: ":8081", Handler: mux}
	// ok: go.lang.security.audit.net.http-server-without-timeouts.http-server-without-timeouts
	srv := &http.Server{Addr: ":8443", Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go plain.ListenAndServe()
	// ok: go.lang.security.audit.net.http-server-without-timeouts.http-server-without-timeouts
	return srv.ListenAndServeTLS("cert.pem", "key.pem")
}

// ruleid: go.lang.security.audit.xss.import-text-template.import-text-template
var page = template.Must(template.ParseFiles("templates/page.html"))

func render(w http.ResponseWriter, r *http.Request) {
	// ok: go.lang.security.audit.xss.import-text-template.import-text-template
	page.Execute(w, r.URL.Query().Get("name")) // reported where the .html file is parsed
	// ruleid: go.lang.security.audit.xss.import-text-template.import-text-template
	t := template.Must(template.New("x").Parse("<p>{{.}}</p>"))
	// ok: go.lang.security.audit.xss.import-text-template.import-text-template
	mail := template.Must(template.New("mail").Parse("Hello {{.}}\n"))
	// ok: go.lang.security.audit.xss.import-text-template.import-text-template
	mail.Execute(os.Stdout, "x")
	t.Execute(os.Stdout, nil)
}

func renderWith(t *template.Template, w http.ResponseWriter, name string) error {
	// ruleid: go.lang.security.audit.xss.import-text-template.import-text-template
	return t.Execute(w, name)
}

func moreCrypto(key, data []byte) {
	// ok: go.lang.security.audit.crypto.missing-ssl-minversion.missing-ssl-minversion
	strict := &tls.Config{MinVersion: tls.VersionTLS12}
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-DES
	blk, _ := aes.NewCipher(key)
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-md5
	h := sha256.New()
	// ruleid: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-rc4
	stream, _ := rc4.NewCipher(key[:16])
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-rc4
	aead, _ := chacha20poly1305.New(key)
	// ok: go.lang.security.audit.crypto.use_of_weak_crypto.use-of-sha1
	sum := sha512.Sum512(data)
	fmt.Println(strict, blk, h, stream, aead, sum)
}

func pinnedClient(pool *x509.CertPool) *tls.Config {
	// ok: problem-based-packs.insecure-transport.go-stdlib.bypass-tls-verification.bypass-tls-verification
	return &tls.Config{RootCAs: pool, InsecureSkipVerify: false, MinVersion: tls.VersionTLS12}
}
