import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/public-layout';
import { usePageTitle } from '../../../lib/use-page-title';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const SECTIONS: Section[] = [
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <Text>
          Freightlane uses cookies and your browser&apos;s storage. We keep your sign-in session there so that
          you stay signed in while you work, and, if you allow notifications, a token that lets us send trip
          and bid alerts to this browser. By using Freightlane you agree to this use.
        </Text>
        <Text>
          We do not use cookies for advertising. Some of the services we rely on, such as the provider of push
          notifications, may set their own cookies when you use those features.
        </Text>
      </>
    ),
  },
  {
    id: 'license',
    title: 'License',
    body: (
      <>
        <Text>
          Unless stated otherwise, Freightlane and its licensors own the intellectual property rights in all
          material on Freightlane. All rights are reserved. You may view and use Freightlane for your own
          business dealings, subject to these terms.
        </Text>
        <Text>You must not:</Text>
        <List spacing={4}>
          <List.Item>republish material from Freightlane;</List.Item>
          <List.Item>sell, rent or sub-license material from Freightlane;</List.Item>
          <List.Item>reproduce, duplicate or copy material from Freightlane;</List.Item>
          <List.Item>
            redistribute content from Freightlane, except content you published yourself, such as your orders,
            bids and trip documents.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'user-comments',
    title: 'User comments',
    body: (
      <>
        <Text>
          Parts of Freightlane let users post information: trip notes, issue reports, documents and other
          messages (&ldquo;comments&rdquo;). We do not review comments before they appear. They are the views
          of the person who posted them, not of Freightlane, and to the extent the law allows we are not
          liable for them or for any loss caused by relying on them.
        </Text>
        <Text>
          We may check comments and remove any that we consider inappropriate, offensive or in breach of these
          terms. When you post a comment you confirm that:
        </Text>
        <List spacing={4}>
          <List.Item>you are entitled to post it and hold any licences and consents it needs;</List.Item>
          <List.Item>
            it does not infringe anyone&apos;s copyright, trademark or other intellectual property;
          </List.Item>
          <List.Item>
            it is not defamatory, offensive, indecent or otherwise unlawful, and does not invade anyone&apos;s
            privacy;
          </List.Item>
          <List.Item>
            it is not used to solicit business outside Freightlane or to promote unlawful activity.
          </List.Item>
        </List>
        <Text>
          You allow Freightlane to store, copy and show your comments as needed to run the service, for
          example to show a trip note to the other party of that trip.
        </Text>
      </>
    ),
  },
  {
    id: 'hyperlinking',
    title: 'Hyperlinking to our content',
    body: (
      <>
        <Text>
          Government agencies, search engines, news organisations and online business directories may link to
          Freightlane without asking us first, as long as the link is not misleading, does not suggest that we
          sponsor or endorse them or their services, and fits the context of the page it is on.
        </Text>
        <Text>
          Other organisations, such as trade associations, chambers of commerce, shipping lines, terminal
          operators and haulage companies, may ask us for permission to link by contacting us. Approved
          organisations may link using our name, the address of our site, or words that describe it fairly.
          Our logo may not be used for a link without a written trademark licence.
        </Text>
      </>
    ),
  },
  {
    id: 'iframes',
    title: 'iFrames',
    body: (
      <Text>
        Without our prior written permission you may not show Freightlane pages inside frames on another site,
        or in any other way that changes how they look. You may link to a public trip tracking page, but not
        frame it.
      </Text>
    ),
  },
  {
    id: 'content-liability',
    title: 'Content liability',
    body: (
      <Text>
        We are not responsible for content that appears on your website. You agree to protect and defend us
        against all claims arising from your website. No link to Freightlane may appear on a page that could
        be read as libellous, obscene or criminal, or that infringes, or encourages the infringement of, the
        rights of others.
      </Text>
    ),
  },
  {
    id: 'privacy',
    title: 'Your privacy',
    body: (
      <>
        <Text>
          We use personal data, such as names, e-mail addresses, phone numbers, company details and, during a
          trip, the location of the truck, only to run Freightlane, and we handle it in line with the Nigeria
          Data Protection Act 2023. We do not sell personal data.
        </Text>
        <Text>
          Anyone who has a trip&apos;s tracking link can follow that trip. Share tracking links only with
          people who should see the trip. You may ask the Freightlane support team for a copy of your data, or
          to correct or delete it.
        </Text>
      </>
    ),
  },
  {
    id: 'reservation-of-rights',
    title: 'Reservation of rights',
    body: (
      <Text>
        We may ask you to remove all links, or any particular link, to our website, and you agree to remove
        them promptly when asked. We may also change these terms and our linking policy at any time; we tell
        signed-in users about important changes. By continuing to use Freightlane or to link to it, you accept
        the terms as changed.
      </Text>
    ),
  },
  {
    id: 'removal-of-links',
    title: 'Removal of links from our website',
    body: (
      <>
        <Text>
          If you find a link on our website that is offensive for any reason, you may contact us about it at
          any time. We will consider every request to remove a link, though we are not obliged to remove it or
          to reply to you directly. Please allow 2 to 3 weeks for us to deal with a request.
        </Text>
        <Text>
          We do our best to keep the information on Freightlane correct, but we do not promise that it is
          complete or accurate, that the website will always be available, or that its material is always up
          to date.
        </Text>
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: (
      <>
        <Text>
          To the fullest extent the law allows, we exclude all representations, warranties and conditions
          about our website and its use. Nothing in this disclaimer limits or excludes liability for death or
          personal injury, for fraud or fraudulent misrepresentation, or any liability that the law does not
          allow to be limited or excluded.
        </Text>
        <Text>
          Freightlane is a marketplace. A haulage job is a contract between the customer and the transporter
          who carries the cargo; the transporter is responsible for the cargo in transit under that contract
          and its goods-in-transit insurance. Trip statuses, locations and times come from transporters,
          drivers and tracking providers, and we show them as we receive them.
        </Text>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <Text>
        These terms are governed by the laws of the Netherlands. Any dispute about them is subject to the
        non-exclusive jurisdiction of the courts of the Netherlands.
      </Text>
    ),
  },
];

/** /terms: the static terms and conditions. */
export function TermsPage() {
  usePageTitle('Terms and conditions');
  return (
    <PublicLayout signIn signUp>
      <Stack gap="lg">
        <Title order={1}>Terms and Conditions</Title>
        <Text>
          Welcome to Freightlane. These terms and conditions set out the rules for using the Freightlane
          website and web application. By using Freightlane you accept these terms in full; if you do not
          agree with any part of them, please do not use Freightlane.
        </Text>
        <nav aria-label="Sections of the terms">
          <List spacing={2} size="sm">
            {SECTIONS.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`}>{section.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
        {SECTIONS.map((section) => (
          <Stack key={section.id} gap="sm" component="section" aria-labelledby={section.id}>
            <Title order={2} fz="xl" id={section.id} style={{ scrollMarginTop: 16 }}>
              {section.title}
            </Title>
            {section.body}
          </Stack>
        ))}
      </Stack>
    </PublicLayout>
  );
}
