package com.acme.notes.imports;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/** Unpacks note bundles (a zip of notes and their attachments) into the data directory. */
public class BundleImporter {
    public List<File> unpack(InputStream bundle, File destDir) throws IOException {
        List<File> written = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(bundle)) {
            ZipEntry entry;
            while ((entry = zip.getNextEntry()) != null) {
                File target = new File(destDir, entry.getName());
                if (entry.isDirectory()) {
                    target.mkdirs();
                    continue;
                }
                target.getParentFile().mkdirs();
                try (OutputStream out = new FileOutputStream(target)) {
                    zip.transferTo(out);
                }
                written.add(target);
            }
        }
        return written;
    }

    public int restore(ZipFile archive, Path root) throws IOException {
        int restored = 0;
        Enumeration<? extends ZipEntry> entries = archive.entries();
        while (entries.hasMoreElements()) {
            ZipEntry entry = entries.nextElement();
            if (entry.isDirectory()) {
                continue;
            }
            Path out = root.resolve(entry.getName());
            Files.createDirectories(out.getParent());
            try (InputStream in = archive.getInputStream(entry)) {
                Files.copy(in, out);
            }
            restored++;
        }
        return restored;
    }

    public List<String> names(ZipFile archive) {
        List<String> names = new ArrayList<>();
        archive.stream().forEach(entry -> names.add(entry.getName()));
        return names;
    }
}
