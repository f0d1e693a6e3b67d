package com.acme.notes.media;

import java.io.IOException;

/** Makes thumbnails of image attachments with ImageMagick. */
public class ThumbnailService {
    private final String convert;

    public ThumbnailService(String convert) {
        this.convert = convert;
    }

    public Process thumbnail(String source, String size, String target) throws IOException {
        return Runtime.getRuntime().exec("convert " + source + " -thumbnail " + size + " " + target);
    }

    public Process optimize(String script) throws IOException {
        return Runtime.getRuntime().exec("sh -c " + script);
    }

    public Process identify(String source) throws IOException {
        return Runtime.getRuntime().exec(new String[] {convert, "-identify", source, "null:"});
    }
}
