import type { Address, NigerianState } from '@freightlane/domain';

/**
 * The people of the demo fleets: drivers and motor boys from across Nigeria, each with a next of kin and
 * a guarantor of their own (an employer, a landlord, a relative, a church elder, an imam, a union
 * chairman…). Nobody appears twice, in one role or in two; the phone numbers are given out in order by
 * `demoPhone`, so they are distinct too.
 */
export interface CrewMember {
  firstName: string;
  lastName: string;
  home: Address;
  nextOfKin: { name: string; relationship: string };
  guarantor: { name: string; address: Address };
}

export interface Crew {
  drivers: CrewMember[];
  motorBoys: CrewMember[];
}

function place(
  street: string,
  neighborhood: string,
  lga: string,
  city: string,
  state: NigerianState,
): Address {
  return { street, neighborhood, lga, city, state };
}
const lagos = (street: string, neighborhood: string, lga: string) =>
  place(street, neighborhood, lga, 'Lagos', 'Lagos');
const portHarcourt = (street: string, neighborhood: string, lga: string) =>
  place(street, neighborhood, lga, 'Port Harcourt', 'Rivers');

function member(
  [firstName, lastName]: [string, string],
  home: Address,
  [kin, relationship]: [string, string],
  [guarantor, guarantorAddress]: [string, Address | 'same house'],
): CrewMember {
  return {
    firstName,
    lastName,
    home,
    nextOfKin: { name: kin, relationship },
    // A landlord who stands for a tenant lives in the same house.
    guarantor: { name: guarantor, address: guarantorAddress === 'same house' ? home : guarantorAddress },
  };
}

/** Eko Haulage, Apapa: crews living around the Lagos ports, from every part of the country. */
export const EKO_CREW: Crew = {
  drivers: [
    member(
      ['Yusuf', 'Garba'],
      lagos('23 Mobil Road', 'Ajegunle', 'Ajeromi-Ifelodun'),
      ['Hadiza Yusuf', 'Wife'],
      [
        'Alhaji Kabiru Dawaki',
        place('Dawaki Transport Yard, 14 Murtala Mohammed Way', 'Bompai', 'Nasarawa', 'Kano', 'Kano'),
      ],
    ),
    member(
      ['Chukwuemeka', 'Nwosu'],
      lagos('11 Abule Ado Road', 'Satellite Town', 'Amuwo-Odofin'),
      ['Ngozi Nwosu', 'Wife'],
      ['Chief Obiora Nwankwo', 'same house'],
    ),
    member(
      ['Adebayo', 'Ogunleye'],
      lagos('18 Isolo Road', 'Ejigbo', 'Oshodi-Isolo'),
      ['Funmilayo Ogunleye', 'Wife'],
      ['Pastor Olusegun Akindele', lagos('Christ Apostolic Church, 7 Ikotun Road', 'Ejigbo', 'Oshodi-Isolo')],
    ),
    member(
      ['Terver', 'Iorliam'],
      lagos('5 Ojo Road', 'Olodi-Apapa', 'Ajeromi-Ifelodun'),
      ['Mnena Iorliam', 'Wife'],
      ['Mr. Aondona Tyokase', place('12 Mkar Road', 'Mkar', 'Gboko', 'Gboko', 'Benue')],
    ),
    member(
      ['Ibrahim', 'Danjuma'],
      lagos('42 Agboju Market Road', 'Agboju', 'Amuwo-Odofin'),
      ['Rakiya Ibrahim', 'Wife'],
      ['Comrade Lateef Akinola', lagos('RTEAN Secretariat, Tin Can Island Port Road', 'Tin Can', 'Apapa')],
    ),
    member(
      ['Obinna', 'Okeke'],
      lagos('8 Old Ojo Road', 'Alakija', 'Amuwo-Odofin'),
      ['Chidinma Okeke', 'Sister'],
      ['Chief Ugochukwu Okeke', place('9 Owerri Road', 'Otolo', 'Nnewi North', 'Nnewi', 'Anambra')],
    ),
    member(
      ['Olumide', 'Balogun'],
      lagos('27 Badia Road', 'Ijora Badia', 'Apapa'),
      ['Bukola Balogun', 'Wife'],
      ['Alhaji Rasheed Adisa', lagos('Adisa & Sons Haulage, 3 Wharf Road', 'Marine Beach', 'Apapa')],
    ),
    member(
      ['Aliyu', 'Shehu'],
      lagos('19 Okokomaiko Road', 'Okokomaiko', 'Ojo'),
      ['Zainab Aliyu', 'Wife'],
      ['Malam Bashir Dikko', place('15 Zaria Road', 'Sabon Layi', 'Funtua', 'Funtua', 'Katsina')],
    ),
    member(
      ['Oche', 'Agbo'],
      lagos('6 Ladipo Street', 'Papa Ajao', 'Mushin'),
      ['Ene Agbo', 'Wife'],
      ['Elder James Ogbu', lagos("St. Peter's Anglican Church, 2 Itire Road", 'Itire', 'Surulere')],
    ),
    member(
      ['Babatunde', 'Olaniyan'],
      lagos('9 Akowonjo Road', 'Akowonjo', 'Alimosho'),
      ['Titilayo Olaniyan', 'Wife'],
      ['Chief Rafiu Ogundipe', 'same house'],
    ),
    member(
      ['Emeka', 'Uzor'],
      lagos('12 Ago Palace Way', 'Okota', 'Oshodi-Isolo'),
      ['Chinyere Uzor', 'Wife'],
      ['Mr. Kelechi Anyanwu', lagos('Anyanwu Motors, 40 Ladipo Market Road', 'Ladipo', 'Mushin')],
    ),
    member(
      ['Bukar', 'Kachalla'],
      lagos('15 Ikotun-Igando Road', 'Igando', 'Alimosho'),
      ['Falmata Bukar', 'Wife'],
      ['Alhaji Goni Mustapha', place('22 Baga Road', 'Gwange', 'Maiduguri', 'Maiduguri', 'Borno')],
    ),
    member(
      ['Segun', 'Ajayi'],
      lagos('21 Old Abeokuta Road', 'Orile Agege', 'Agege'),
      ['Kehinde Ajayi', 'Brother'],
      ['Mrs. Adunni Bakare', 'same house'],
    ),
    member(
      ['Tersoo', 'Akaa'],
      lagos('House 12, 4th Avenue', 'Festac Town', 'Amuwo-Odofin'),
      ['Doosuur Akaa', 'Wife'],
      [
        'Rev. Fr. Michael Ugba',
        lagos("St. Joseph's Catholic Church, 1st Avenue", 'Festac Town', 'Amuwo-Odofin'),
      ],
    ),
    member(
      ['Ifeanyi', 'Chukwuma'],
      lagos('44 Egbeda-Idimu Road', 'Idimu', 'Alimosho'),
      ['Amaka Chukwuma', 'Wife'],
      ['Engr. Chidiebere Nnaji', place('17 Ogui Road', 'Ogui', 'Enugu North', 'Enugu', 'Enugu')],
    ),
    member(
      ['Salisu', 'Umar'],
      lagos('26 Ikorodu Road', 'Ketu', 'Kosofe'),
      ['Maryam Salisu', 'Wife'],
      ['Alhaji Lawal Inuwa', lagos('Mile 12 Market, Ikorodu Road', 'Mile 12', 'Kosofe')],
    ),
    member(
      ['Abdulmalik', 'Ozigi'],
      lagos('13 Ogudu Road', 'Ojota', 'Kosofe'),
      ['Hauwa Ozigi', 'Wife'],
      ['Mr. Yakubu Ohiare', place('8 Lokoja Road', 'Obehira', 'Okene', 'Okene', 'Kogi')],
    ),
    member(
      ['Oghenekaro', 'Edafe'],
      place('8 Ebute Road', 'Igbogbo', 'Ikorodu', 'Ikorodu', 'Lagos'),
      ['Ejiro Edafe', 'Wife'],
      ['Chief Onoriode Akpovire', place('14 Airport Road', 'Jakpa', 'Uvwie', 'Effurun', 'Delta')],
    ),
    member(
      ['Kazeem', 'Adigun'],
      lagos('4 Orile Road', 'Orile Iganmu', 'Surulere'),
      ['Rukayat Adigun', 'Wife'],
      ['Alhaji Kamoru Oyewole', place('3 Oja Oba Road', 'Mapo', 'Ibadan South-East', 'Ibadan', 'Oyo')],
    ),
    member(
      ['Nasiru', 'Bala'],
      lagos('3 Iyana-Iba Road', 'Iyana-Iba', 'Ojo'),
      ['Aisha Nasiru', 'Wife'],
      ['Alhaji Sule Gwarzo', lagos('Gwarzo Transport, 10 Kirikiri Road', 'Kirikiri Town', 'Apapa')],
    ),
  ],
  motorBoys: [
    member(
      ['Hamza', 'Lawan'],
      lagos('31 Idi-Araba Street', 'Idi-Araba', 'Mushin'),
      ['Lawan Danladi', 'Father'],
      ['Malam Hassan Tukur', lagos('5 Agege Motor Road', 'Olosha', 'Mushin')],
    ),
    member(
      ['Tobi', 'Afolabi'],
      lagos('10 Itire Road', 'Itire', 'Surulere'),
      ['Yetunde Afolabi', 'Mother'],
      ['Mr. Gbenga Ogunbiyi', 'same house'],
    ),
    member(
      ['Uchenna', 'Agu'],
      lagos('16 Kirikiri Road', 'Ajegunle', 'Ajeromi-Ifelodun'),
      ['Chioma Agu', 'Sister'],
      ['Mr. Ikenna Okoli', lagos('Okoli Spare Parts, 22 Ladipo Market Road', 'Ladipo', 'Mushin')],
    ),
    member(
      ['Msughter', 'Agber'],
      lagos('9 Amukoko Road', 'Amukoko', 'Ajeromi-Ifelodun'),
      ['Iveren Agber', 'Mother'],
      ['Elder Samuel Tarkaa', lagos('NKST Church, 6 Amukoko Road', 'Amukoko', 'Ajeromi-Ifelodun')],
    ),
    member(
      ['Usman', 'Haruna'],
      lagos('14 Apapa Road', 'Ebute Metta', 'Lagos Mainland'),
      ['Haruna Sambo', 'Father'],
      ['Alhaji Dauda Maikano', lagos('20 Griffith Street', 'Ebute Metta', 'Lagos Mainland')],
    ),
    member(
      ['Seun', 'Olatunji'],
      lagos('11 Ayobo Road', 'Ipaja', 'Alimosho'),
      ['Folake Olatunji', 'Mother'],
      ['Pastor Bamidele Oyelowo', lagos('RCCG Grace Parish, 3 Ayobo Road', 'Ipaja', 'Alimosho')],
    ),
    member(
      ['Idris', 'Jibrin'],
      lagos('7 Abule Osun Road', 'Mile 2', 'Amuwo-Odofin'),
      ['Fatima Jibrin', 'Sister'],
      ['Alhaji Ndagi Ndako', place('7 Bida-Minna Road', 'Bangaie', 'Bida', 'Bida', 'Niger')],
    ),
    member(
      ['Friday', 'Attah'],
      lagos('30 Alaba Road', 'Alaba', 'Ojo'),
      ['Ojonugwa Attah', 'Brother'],
      ['Chief Ameh Idakwo', place('4 Market Road', 'Ega', 'Idah', 'Idah', 'Kogi')],
    ),
    member(
      ['Kelechi', 'Nwachukwu'],
      lagos('19 Trade Fair Road', 'Abule Ado', 'Amuwo-Odofin'),
      ['Ifeoma Nwachukwu', 'Mother'],
      [
        'Mr. Okwudili Igwe',
        lagos('Shop B14, ASPAMDA Plaza, Trade Fair Complex', 'Trade Fair', 'Amuwo-Odofin'),
      ],
    ),
    member(
      ['Lukman', 'Adeyinka'],
      lagos('7 Ogunlana Drive', 'Ojuelegba', 'Surulere'),
      ['Sekinat Adeyinka', 'Mother'],
      ['Alhaji Tajudeen Ishola', 'same house'],
    ),
    member(
      ['Tari', 'Ebiowei'],
      lagos('3 Adeniji Street', 'Makoko', 'Lagos Mainland'),
      ['Ebiere Ebiowei', 'Mother'],
      ['Chief Ebimobowei Fente', place('12 Mbiama Road', 'Amarata', 'Yenagoa', 'Yenagoa', 'Bayelsa')],
    ),
    member(
      ['Aminu', 'Tanko'],
      lagos('6 Coker Road', 'Ilupeju', 'Mushin'),
      ['Tanko Wada', 'Father'],
      ['Alhaji Abdulkadir Kwari', lagos('Kwari Haulage, 15 Warehouse Road', 'Marine Beach', 'Apapa')],
    ),
    member(
      ['Sodiq', 'Ayinde'],
      lagos('8 Ijesha Road', 'Ijesha', 'Surulere'),
      ['Kafayat Ayinde', 'Mother'],
      ['Alhaji Waheed Oloyede', lagos('Ijesha Central Mosque, 2 Ijesha Road', 'Ijesha', 'Surulere')],
    ),
    member(
      ['Joseph', 'Onoja'],
      lagos('4 Alakara Street', 'Idi-Oro', 'Mushin'),
      ['Agnes Onoja', 'Mother'],
      ['Chief Ochai Adakole', place('9 Hospital Road', 'Upu', 'Otukpo', 'Otukpo', 'Benue')],
    ),
  ],
};

/** Garden City Logistics, Port Harcourt: crews from the Niger Delta and beyond. */
export const GARDEN_CITY_CREW: Crew = {
  drivers: [
    member(
      ['Chibuike', 'Worlu'],
      portHarcourt('18 Aba Road', 'Rumuokoro', 'Obio/Akpor'),
      ['Blessing Worlu', 'Wife'],
      ['Chief Sunday Nyeche', portHarcourt('2 Nyeche Close', 'Rumuokoro', 'Obio/Akpor')],
    ),
    member(
      ['Tamunoibi', 'Briggs'],
      portHarcourt('5 Station Road', 'Borokiri', 'Port Harcourt'),
      ['Soye Briggs', 'Brother'],
      [
        'Elder Opuada Horsfall',
        portHarcourt("St. Cyprian's Anglican Church, 8 Bonny Street", 'Borokiri', 'Port Harcourt'),
      ],
    ),
    member(
      ['Legborsi', 'Nwidoo'],
      place('9 Refinery Road', 'Alesa', 'Eleme', 'Eleme', 'Rivers'),
      ['Mercy Nwidoo', 'Wife'],
      ['Mr. Bariture Deebom', place('4 Kono Road', '', 'Khana', 'Bori', 'Rivers')],
    ),
    member(
      ['Effiong', 'Okon'],
      portHarcourt('22 Woji Road', 'Woji', 'Obio/Akpor'),
      ['Arit Effiong', 'Wife'],
      [
        'Elder Asuquo Ekpenyong',
        place('Presbyterian Church, 10 Mayne Avenue', 'Duke Town', 'Calabar South', 'Calabar', 'Cross River'),
      ],
    ),
    member(
      ['Uduak', 'Etim'],
      portHarcourt('7 Rumuola Road', 'Rumuola', 'Obio/Akpor'),
      ['Imaobong Etim', 'Wife'],
      [
        'Deaconess Eno Udoh',
        place('Qua Iboe Church, 14 Ikot Ekpene Road', 'Use Offot', 'Uyo', 'Uyo', 'Akwa Ibom'),
      ],
    ),
    member(
      ['Ikechukwu', 'Nnadi'],
      portHarcourt('12 Ikwerre Road', 'Mile 1 Diobu', 'Port Harcourt'),
      ['Adaku Nnadi', 'Wife'],
      ['Mr. Onyebuchi Ezenwa', portHarcourt('Ezenwa Transport, 30 Azikiwe Road', 'Old GRA', 'Port Harcourt')],
    ),
    member(
      ['Garba', 'Shuaibu'],
      portHarcourt('25 Elekahia Road', 'Ogbunabali', 'Port Harcourt'),
      ['Amina Garba', 'Wife'],
      ['Alhaji Mohammed Sarki', portHarcourt('3 Emenike Street', 'Mile 3 Diobu', 'Port Harcourt')],
    ),
    member(
      ['Ovie', 'Akpotu'],
      place('6 Onne Road', 'Ebubu', 'Eleme', 'Eleme', 'Rivers'),
      ['Esther Akpotu', 'Wife'],
      [
        'Engr. Tega Omonigho',
        place('17 Ughelli-Patani Road', 'Otovwodo', 'Ughelli North', 'Ughelli', 'Delta'),
      ],
    ),
    member(
      ['Ebitimi', 'Amakiri'],
      portHarcourt('11 Elelenwo Street', 'Elelenwo', 'Obio/Akpor'),
      ['Tokoni Amakiri', 'Sister'],
      ['Chief Dimieari Sekibo', place('5 Kaiama Road', '', 'Kolokuma/Opokuma', 'Kaiama', 'Bayelsa')],
    ),
    member(
      ['Obiora', 'Udeh'],
      place('14 Port Harcourt-Aba Expressway', 'Komkom', 'Oyigbo', 'Oyigbo', 'Rivers'),
      ['Nkechi Udeh', 'Wife'],
      ['Chief Ambrose Nwokocha', 'same house'],
    ),
    member(
      ['Aniekan', 'Akpan'],
      portHarcourt('Plot 8, East-West Road', 'Choba', 'Obio/Akpor'),
      ['Ime Akpan', 'Brother'],
      ['Dr. Emem Inyang', portHarcourt('University of Port Harcourt, East-West Road', 'Choba', 'Obio/Akpor')],
    ),
    member(
      ['Kalu', 'Ogbonna'],
      portHarcourt('40 Olu Obasanjo Road', 'D-Line', 'Port Harcourt'),
      ['Uzoma Kalu', 'Wife'],
      ['Mr. Eberechukwu Ndukwe', place('21 Ehi Road', 'Ogbor Hill', 'Aba North', 'Aba', 'Abia')],
    ),
  ],
  motorBoys: [
    member(
      ['Kpobari', 'Nwiado'],
      place('3 School Road', 'Agbonchia', 'Eleme', 'Eleme', 'Rivers'),
      ['Grace Nwiado', 'Mother'],
      [
        'Pastor Lucky Gbarato',
        place('Assemblies of God Church, 2 Ogale Road', 'Nchia', 'Eleme', 'Eleme', 'Rivers'),
      ],
    ),
    member(
      ['Boma', 'Jumbo'],
      portHarcourt('8 Harbour Road', 'Township', 'Port Harcourt'),
      ['Ibiso Jumbo', 'Mother'],
      ['Chief Sokari Dappa', place('12 Hospital Road', 'Finima', 'Bonny', 'Bonny', 'Rivers')],
    ),
    member(
      ['Ubong', 'Edet'],
      portHarcourt('16 Creek Road', 'Township', 'Port Harcourt'),
      ['Nsikak Edet', 'Brother'],
      ['Mr. Itoro Essien', portHarcourt('Essien Motors, 5 Trans-Amadi Road', 'Trans-Amadi', 'Obio/Akpor')],
    ),
    member(
      ['Chukwudi', 'Okoro'],
      portHarcourt('20 Ikwerre Road', 'Rumuokwuta', 'Obio/Akpor'),
      ['Oluchi Okoro', 'Sister'],
      ['Chief Anayo Mbonu', 'same house'],
    ),
    member(
      ['Tekena', 'Iyalla'],
      place('4 Waterside Road', 'Kirike', 'Okrika', 'Okrika', 'Rivers'),
      ['Sotonye Iyalla', 'Father'],
      [
        'Elder Ibim Kalio',
        place("St. Peter's Church, 2 Church Street", 'Ogan', 'Okrika', 'Okrika', 'Rivers'),
      ],
    ),
    member(
      ['Yakubu', 'Shettima'],
      portHarcourt('7 Ikwerre Road', 'Mile 3 Diobu', 'Port Harcourt'),
      ['Shettima Goni', 'Father'],
      ['Alhaji Umaru Kolo', portHarcourt('Kolo Provisions, Mile 3 Market', 'Mile 3 Diobu', 'Port Harcourt')],
    ),
    member(
      ['Godspower', 'Ekiyor'],
      portHarcourt('12 Stadium Road', 'Rumuomasi', 'Obio/Akpor'),
      ['Ebiye Ekiyor', 'Mother'],
      ['Mr. Ebikeme Ogoun', place('6 Market Road', 'Swali', 'Yenagoa', 'Yenagoa', 'Bayelsa')],
    ),
    member(
      ['Ekomobong', 'Ukpong'],
      portHarcourt('2 Airport Road', 'Eliozu', 'Obio/Akpor'),
      ['Affiong Ukpong', 'Sister'],
      ['Chief Etim Umoren', place('8 Aba Road', 'Ifuho', 'Ikot Ekpene', 'Ikot Ekpene', 'Akwa Ibom')],
    ),
  ],
};

/** Eko's fleet manager, who signs in: her next of kin and guarantor keep the numbers she came with. */
/** Arewa Express, Kano: a small long-haul fleet whose drivers know the Lagos–Kano road. */
const kano = (street: string, neighborhood: string, lga: string) =>
  place(street, neighborhood, lga, 'Kano', 'Kano');
export const AREWA_CREW: Crew = {
  drivers: [
    member(
      ['Abubakar', 'Danjuma'],
      kano('14 Ibrahim Taiwo Road', 'Nassarawa GRA', 'Nasarawa'),
      ['Hauwa Danjuma', 'Wife'],
      [
        'Alhaji Salisu Kabara',
        kano('Kabara Transport Union office, 2 Sabon Gari Road', 'Sabon Gari', 'Fagge'),
      ],
    ),
    member(
      ['Yakubu', 'Lawan'],
      kano('6 Zoo Road', 'Gyadi-Gyadi', 'Tarauni'),
      ['Zainab Lawan', 'Wife'],
      ['Malam Isa Dambatta', kano('Central Mosque, 1 Emir Palace Road', 'Kofar Kudu', 'Kano Municipal')],
    ),
    member(
      ['Emeka', 'Obi'],
      lagos('31 Agege Motor Road', 'Idi-Araba', 'Mushin'),
      ['Ngozi Obi', 'Sister'],
      ['Mr. Ifeanyi Ezeokoli', lagos('Ezeokoli Tyres, 9 Ladipo Street', 'Ladipo', 'Mushin')],
    ),
  ],
  motorBoys: [
    member(
      ['Sani', 'Garba'],
      kano('3 Gwammaja Road', 'Gwammaja', 'Dala'),
      ['Bilkisu Garba', 'Mother'],
      ['Alhaji Bashir Yola', 'same house'],
    ),
  ],
};

export const EKO_FLEET_MANAGER = {
  firstName: 'Kemi',
  lastName: 'Adewale',
  phoneNumber: '+2348031234508',
  email: 'fleet.manager@example.com',
  address: lagos('17 Adeniran Ogunsanya Street', 'Aguda', 'Surulere'),
  nextOfKin: { name: 'Tayo Adewale', phoneNumber: '+2348031234509', relationship: 'Husband' },
  guarantor: {
    name: 'Dr. Femi Ojo',
    phoneNumber: '+2348031234510',
    address: place('Ojo Family Clinic, 15 Allen Avenue', 'Allen', 'Ikeja', 'Ikeja', 'Lagos'),
  },
};

/** The mobile prefixes of MTN, Airtel, Glo and 9mobile, taken in turn so the numbers look like life. */
const MOBILE_PREFIXES = (
  '803 806 813 816 703 706 810 814 903 906 805 807 815 811 ' +
  '705 905 802 808 812 708 701 902 901 809 817 818 909 908'
).split(' ');

/** The seven digits reversed: a bijection, which stirs the digits an affine step leaves in step. */
function reversed(line: number): number {
  return Number(String(line).padStart(7, '0').split('').reverse().join(''));
}

/**
 * The n-th phone number of the demo crews, +234 and ten digits. The line number goes through two affine
 * steps with multipliers prime to 10^7 and a reversal of its digits between them, each a bijection of the
 * seven-digit numbers: two values of n never give the same number, and neighbours do not look alike.
 */
export function demoPhone(n: number): string {
  const prefix = MOBILE_PREFIXES[n % MOBILE_PREFIXES.length]!;
  const line = (reversed((n * 4_901_573 + 1_837_265) % 10_000_000) * 2_718_283 + 3_141_592) % 10_000_000;
  return `+234${prefix}${String(line).padStart(7, '0')}`;
}
