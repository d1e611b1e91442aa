package io.idempo.example.provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One provider per data folder: an OS lock on {@code provider.lock} in it, held while the provider runs. Another
 * process that holds it, or another provider in this JVM (which H2 would let share the database), makes the start
 * fail; the OS lets go when the process ends, however it ends, so a killed provider restarts at once.
 */
final class FolderLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private FolderLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code folder} (created if missing).
     *
     * @throws IllegalStateException if another provider holds it
     */
    static FolderLock acquire(Path folder) {
        FileChannel channel = null;
        try {
            Files.createDirectories(folder);
            channel = FileChannel.open(folder.resolve("provider.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw inUse(folder, "another process");
            }
            return new FolderLock(channel, lock);
        } catch (OverlappingFileLockException e) {
            close(channel);
            throw inUse(folder, "another provider in this JVM");
        } catch (IOException e) {
            close(channel);
            throw new UncheckedIOException("cannot use the data folder " + folder + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            close(channel);
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            close(channel);
        }
    }

    private static IllegalStateException inUse(Path folder, String holder) {
        return new IllegalStateException("the data folder " + folder + " is in use by another payment provider ("
                + holder + "); stop it or set another folder");
    }

    private static void close(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // the lock goes with the channel or with the process
        }
    }
}
