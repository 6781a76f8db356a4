import { ChangeDetectionStrategy, Component, effect, inject } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';
import { MatButton } from '@angular/material/button';
import { MatToolbar } from '@angular/material/toolbar';

import { AuthService, WEBUI_PATH } from './auth/auth.service';
import { RequiresRoleDirective } from './auth/requires-role/requires-role.directive';
import { ROLE, roleWords } from './auth/roles';
import { RolesStore } from './auth/roles.store';
import { LoginComponent } from './auth/login.component';
import { ReturnToPage } from './shared/return-to';
import { TranslatePipe } from './i18n/translate.pipe';
import { JobsPanelComponent } from './jobs/jobs-panel.component';
import { JobsStore } from './jobs/jobs.store';
import { IconComponent } from './shared/icon/icon.component';
import { SettingValueComponent } from './shared/setting-value.component';
import { ThemeService } from './layout/theme.service';
import { RebootDialogComponent } from './reboot/reboot-dialog.component';
import { RebootService } from './reboot/reboot.service';
import { BoxStore } from './stores/box.store';
import { PresetsStore } from './stores/presets.store';
import { NAV_ITEMS } from './app.routes';
import { TestIdDirective } from './shared/test-id/test-id.directive';

@Component({
  selector: 'tp-root',
  imports: [TestIdDirective, MatButton, MatToolbar, RouterOutlet, RouterLink, RouterLinkActive, LoginComponent, RebootDialogComponent,
    JobsPanelComponent, TranslatePipe, IconComponent, RequiresRoleDirective, SettingValueComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './app.html',
  styleUrl: './app.scss',
  host: { '[class.anonymous]': "auth.status() !== 'logged-in'" },
})
export class App {
  protected readonly auth = inject(AuthService);
  protected readonly box = inject(BoxStore);
  protected readonly theme = inject(ThemeService);
  protected readonly reboot = inject(RebootService);
  protected readonly roles = inject(RolesStore);
  protected readonly role = ROLE;
  protected readonly writeRoleWords = roleWords(ROLE.write);
  /** The Reboot button's role (its lock says the same): the one thing the write role does not reach. */
  protected readonly rebootRoleWords = roleWords(ROLE.fullAdmin);
  protected readonly webUi = WEBUI_PATH;
  private readonly presets = inject(PresetsStore);
  private readonly jobs = inject(JobsStore);
  protected readonly nav = NAV_ITEMS;

  constructor() {
    this.auth.start();
    inject(ReturnToPage).start();
    effect(() => {
      if (this.auth.status() === 'logged-in') {
        void this.box.load();
        void this.presets.load();
        void this.jobs.load();
      }
    });
  }
}
