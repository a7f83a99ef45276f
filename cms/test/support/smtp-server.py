"""A real SMTP server for the tests (Debian's python3-aiosmtpd): saves each message it receives
as one JSON file in a folder (envelope, headers, text and HTML parts), then prints "ready".

    /usr/bin/python3 smtp-server.py <folder> <host> <port>
"""
import email
import json
import os
import sys
import threading
import time
from email import policy

from aiosmtpd.controller import Controller


class Saver:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=policy.default)
        parts = {}
        for part in message.walk():
            kind = part.get_content_type()
            if kind in ('text/plain', 'text/html') and kind not in parts:
                parts[kind] = part.get_content()
        self.count += 1
        record = {
            'mailFrom': envelope.mail_from,
            'rcptTos': envelope.rcpt_tos,
            'headers': [[name, str(value)] for name, value in message.items()],
            'raw': raw.decode('utf-8', 'replace'),
            'text': parts.get('text/plain', ''),
            'html': parts.get('text/html', ''),
        }
        name = os.path.join(self.folder, '%d-%06d.json' % (time.time_ns(), self.count))
        with open(name + '.tmp', 'w') as file:
            json.dump(record, file)
        os.rename(name + '.tmp', name)
        return '250 OK'


folder, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
controller = Controller(Saver(folder), hostname=host, port=port)
controller.start()
print('ready', flush=True)
threading.Event().wait()
