import { useT } from '../i18n';
import { linkProps } from '../router';

/** A bad link (unknown shop, tampered order link, unknown page): a clear page, never a stack trace. */
export const MissingPage = ({
  kind,
  shopId,
}: {
  kind: 'shop' | 'order' | 'page' | 'table';
  shopId?: number;
}) => {
  const t = useT();
  const title =
    kind === 'shop'
      ? t('notFoundShop')
      : kind === 'order'
        ? t('notFoundOrder')
        : kind === 'table'
          ? t('notFoundTable')
          : t('notFoundPage');
  const hint =
    kind === 'shop'
      ? t('notFoundShopHint')
      : kind === 'order'
        ? t('notFoundOrderHint')
        : kind === 'table'
          ? t('notFoundTableHint')
          : '';
  return (
    <section className="missing" aria-labelledby="missing-title">
      <div className="missing-mark" aria-hidden="true">
        ?
      </div>
      <h1 id="missing-title">{title}</h1>
      {hint && <p className="muted">{hint}</p>}
      {shopId !== undefined && (
        <a className="btn" {...linkProps(`/shop/${shopId}`)}>
          {t('toShop')}
        </a>
      )}
    </section>
  );
};

export const ErrorPage = ({ message }: { message: string }) => {
  const t = useT();
  return (
    <section className="missing" role="alert">
      <h1>{t('error')}</h1>
      <p className="muted">{message}</p>
      <button type="button" className="btn" onClick={() => location.reload()}>
        {t('retry')}
      </button>
    </section>
  );
};
