package com.example.broken;

import io.idempo.IdempotencyKey;
import io.idempo.Idempotent;

public class BrokenService {

    @Idempotent(action = "broken.void")
    public void forgotNoResult(@IdempotencyKey String key) {
    }

    @Idempotent(action = "broken.ttl",
            ttl = "30 minutes")
    public String badTtl(@IdempotencyKey String key) {
        return key;
    }
}
