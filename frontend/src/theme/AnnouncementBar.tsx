import {useEffect, useState} from 'react';
import {useSite} from '../app/contexts';
import * as storage from '../app/storage';
import {Inlines} from '../content/Inlines';
import {t} from '../i18n';
import {Icon} from './Icons';

/**
 * The announcement bar from the configuration. A closeable bar, once dismissed, stays hidden
 * until the configured id changes.
 */
export function AnnouncementBar() {
  const {announcement} = useSite();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!announcement?.isCloseable) return;
    const sameId = storage.read(storage.keys.announcementId) === announcement.id;
    if (!sameId) {
      storage.write(storage.keys.announcementId, announcement.id);
      storage.write(storage.keys.announcementDismissed, 'false');
    }
    setDismissed(sameId && storage.read(storage.keys.announcementDismissed) === 'true');
  }, [announcement]);
  if (!announcement || dismissed) return null;
  const close = () => {
    storage.write(storage.keys.announcementId, announcement.id);
    storage.write(storage.keys.announcementDismissed, 'true');
    setDismissed(true);
  };
  return (
    // A named <section> is a region landmark.
    <section
      className="announcement"
      aria-label={t.announcement}
      data-announcement-id={announcement.id}
      style={{backgroundColor: announcement.backgroundColor, color: announcement.textColor}}
    >
      <p className="announcement__content">
        <Inlines nodes={announcement.content} />
      </p>
      {announcement.isCloseable && (
        <button type="button" className="announcement__close" aria-label={t.closeAnnouncement} onClick={close}>
          <Icon name="close" className="announcement__close-icon" />
        </button>
      )}
    </section>
  );
}
