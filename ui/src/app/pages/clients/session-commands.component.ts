import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { ClientCommands } from '../../api/models/tuning-client';
import { TranslatePipe } from '../../i18n/translate.pipe';
import { COMMAND_KINDS } from './client-words';
import { CopyCommandComponent } from './copy-command.component';

/** A session's commands for each kind of client, each with what it is for and Copy (they never hold the token). */
@Component({
  selector: 'tp-session-commands',
  imports: [TranslatePipe, CopyCommandComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  styles: `h3 { margin: 12px 0 2px; font-size: 1em; } .hint { margin: 0 0 4px; font-size: 0.9em; }`,
  template: `
    @for (c of kinds; track c.key) {
      <h3>{{ c.title | t }}</h3>
      <p class="muted hint">{{ c.hint | t }}</p>
      <tp-copy-command [text]="commands()[c.key]" [testId]="prefix() + c.key" [label]="c.title" />
    }
  `,
})
export class SessionCommandsComponent {
  readonly commands = input.required<ClientCommands>();
  /** Test ids are `<prefix><kind>`: `client-command-linux`. */
  readonly prefix = input.required<string>();
  protected readonly kinds = COMMAND_KINDS;
}
