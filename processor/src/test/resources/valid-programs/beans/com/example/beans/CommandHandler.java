package com.example.beans;

import io.idempo.Idempotent;

public class CommandHandler {

    @Idempotent(action = "commands.handle")
    public String handle(Command command) {
        return command.getSku();
    }

    @Idempotent(action = "commands.route", key = "{command.tenant}-{command.sku}-{command.express}",
            fingerprint = {"command.source", "command.replayable", "command.note", "command.priority"})
    public String route(Command command) {
        return command.getSku();
    }
}
