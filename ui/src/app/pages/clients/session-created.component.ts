import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { MatButton } from '@angular/material/button';
import { MatCard } from '@angular/material/card';

import { ClientSessionCreated } from '../../api/models/tuning-client';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { formatDateTime } from '../../shared/format';
import { kitNeeds } from './client-words';
import { CopyCommandComponent } from './copy-command.component';
import { SessionCommandsComponent } from './session-commands.component';
import { TestIdDirective } from '../../shared/test-id/test-id.directive';

/** The session just created: its token, shown this once, and the commands to paste on the client. */
@Component({
  selector: 'tp-session-created',
  imports: [TestIdDirective, MatCard, MatButton, TranslatePipe, CopyCommandComponent, SessionCommandsComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <mat-card appearance="outlined" class="card" tpTest="client-created">
      <h2>{{ 'Session #{id} “{label}” is ready' | t: { id: session().id, label: session().label } }}</h2>
      <p class="banner warn" role="status" tpTest="client-token-warning">
        {{ 'This token is shown only now. It can only submit results for this session, and it stops working at {expires} or when you revoke the session.' | t: { expires: date(session().expires_at) } }}
      </p>
      <tp-copy-command [text]="session().token" testId="client-token" label="Session token" />
      <p>{{ 'Run one of these on the client; each asks for the token and keeps it in TUNING_TOKEN, never on the command line. The kit needs Python 3 and fio, and comes from:' | t }}
        <a [href]="session().kit_url" tpTest="client-kit-url">{{ session().kit_url }}</a></p>
      <p class="muted" tpTest="client-checks">{{ 'Each command checks that the kit it downloads is the file this box serves (SHA-256) before running it.' | t }}
        @if (session().tls_sha256; as pin) {
          {{ 'The kit trusts only the certificate of this box, SHA-256 {pin}, so a self-signed certificate needs no exception.' | t: { pin } }}
        }
      </p>
      <!-- Space and time before the command: the admin knows what running it will take. -->
      <p class="banner info" tpTest="client-needs">{{ needs().key | t: needs().params }}</p>
      <tp-session-commands [commands]="session().commands" prefix="client-command-" />
      <div class="actions">
        <button matButton="outlined" type="button" tpTest="client-created-close" (click)="closed.emit()">{{ 'Done, hide the token' | t }}</button>
      </div>
    </mat-card>
  `,
})
export class SessionCreatedComponent {
  readonly session = input.required<ClientSessionCreated>();
  readonly closed = output();
  protected readonly date = formatDateTime;
  protected readonly needs = computed(() => kitNeeds(this.session().plan));
}
