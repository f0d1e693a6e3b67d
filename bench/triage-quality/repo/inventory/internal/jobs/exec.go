package jobs

import (
	"net/http"
	"os"
	"os/exec"
)

func Thumbnail(w http.ResponseWriter, r *http.Request) {
	file := r.URL.Query().Get("file")
	out, _ := exec.Command("sh", "-c", "convert /srv/uploads/"+file+" /tmp/thumb.png").CombinedOutput()
	w.Write(out)
}

func Revision() ([]byte, error) {
	git := os.Getenv("GIT_BINARY")
	return exec.Command(git, "rev-parse", "HEAD").Output()
}

func Reindex(index string) error {
	return exec.Command("curl", "-X", "POST", "http://localhost:9200/"+index+"/_refresh").Run()
}
