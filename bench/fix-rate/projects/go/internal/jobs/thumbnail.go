// Package jobs runs the background work of the notes service.
package jobs

import (
	"context"
	"os/exec"
)

// Thumbnail renders a 200px-wide preview of an image attachment.
func Thumbnail(ctx context.Context, src, dst string) error {
	cmd := exec.CommandContext(ctx, "sh", "-c", "convert "+src+" -resize 200x "+dst)
	return cmd.Run()
}

// Archive compresses the attachment directory of a note.
func Archive(dir string) error {
	return exec.Command("sh", "-c", "tar czf "+dir+".tar.gz "+dir+" && rm -rf "+dir).Run()
}
